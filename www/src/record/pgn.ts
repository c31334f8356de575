// Game records as text in a PGN-like form: tags, then numbered moves, in
// SAN or coordinates. Reading keeps each move as written (SAN or
// coordinates alike) and drops what is not a move: move numbers,
// comments, variations, annotations and the result. Which moves are legal,
// and what SAN means, is the engine's business, not this file's.
import type { PgnResult } from './result';

export interface GameRecord {
  /** The variant id, or null when the text names none. */
  variant: string | null;
  /** The start position, or null for the variant's setup. */
  fen: string | null;
  /** The moves as written: SAN (`He5`, `Qa21a22`) or coordinates (`e2e4`, `e15e16=W`). */
  moves: string[];
  result: PgnResult;
  /** The seed of a random setup (a Seed tag), or absent. */
  seed?: number;
}

/** Tags written before Variant, FEN and Result, in order (Event, Site, Date, White, Black ...). */
export type Tags = readonly (readonly [string, string])[];

export class PgnError extends Error {
  override name = 'PgnError';
}

const RESULTS: readonly string[] = ['1-0', '0-1', '1/2-1/2', '*'];
const LINE_WIDTH = 80;
/** Longest token kept as a move: SAN on a 64 x 64 board with a long piece code fits easily. */
const MAX_MOVE = 40;

function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Writes a record. `fen` is written only when given (a start other than the
 * setup), with SetUp "1" when `tags` are written; `black` and `number` say
 * who moves first and the first move number; `tags` come first.
 */
export function exportPgn(rec: GameRecord, black = false, number = 1, tags: Tags = []): string {
  const lines0 = tags.map(([k, v]) => `[${k} ${quote(v)}]`);
  lines0.push(`[Variant ${quote(rec.variant ?? '')}]`);
  if (rec.fen !== null) {
    if (tags.length > 0) lines0.push('[SetUp "1"]');
    lines0.push(`[FEN ${quote(rec.fen)}]`);
  }
  lines0.push(`[Result ${quote(rec.result)}]`);
  const tokens: string[] = [];
  rec.moves.forEach((m, i) => {
    const ply = i + (black ? 1 : 0);
    const n = number + Math.floor(ply / 2);
    if (ply % 2 === 0) tokens.push(`${n}.`);
    else if (i === 0) tokens.push(`${n}...`);
    tokens.push(m);
  });
  tokens.push(rec.result);
  const lines: string[] = [];
  let line = '';
  for (const t of tokens) {
    if (line !== '' && line.length + 1 + t.length > LINE_WIDTH) {
      lines.push(line);
      line = t;
    } else {
      line = line === '' ? t : `${line} ${t}`;
    }
  }
  lines.push(line);
  return `${lines0.join('\n')}\n\n${lines.join('\n')}\n`;
}

/** Reads a tag's quoted value with its escapes. */
function readTag(line: string, lineNo: number): [string, string] {
  const m = /^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]$/.exec(line);
  if (m === null) throw new PgnError(`line ${lineNo}: cannot read the tag ${line.slice(0, 40)}`);
  return [m[1]!, m[2]!.replace(/\\(.)/g, '$1')];
}

/**
 * The movetext without comments (`{...}`, `; ...` to the line's end; a
 * brace right after a move's `+` or `=` holds a long piece code),
 * variations (`(...)`, nested), NAGs (`$12`) and escape lines (`%`);
 * throws on an unclosed or unopened brace or parenthesis.
 */
function stripMovetext(lines: readonly string[]): string {
  let out = '';
  let depth = 0;
  let inComment = false;
  for (const line of lines) {
    if (!inComment && depth === 0 && line.startsWith('%')) continue;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (inComment) {
        if (ch === '}') inComment = false;
      } else if (ch === '{' && depth === 0 && /[+=]$/.test(out) && /^\{[A-Za-z]{1,4}\}/.test(line.slice(i))) {
        // A long piece code inside a move (`e2e4+{AK}@f2`, `e7e8={AM}`), not a comment.
        const end = line.indexOf('}', i);
        out += line.slice(i, end + 1);
        i = end;
      } else if (ch === '{') {
        inComment = true;
      } else if (ch === ';') {
        break;
      } else if (ch === '(') {
        depth++;
      } else if (ch === ')') {
        if (depth === 0) throw new PgnError("a ')' closes no variation");
        depth--;
      } else if (ch === '}') {
        throw new PgnError("a '}' closes no comment");
      } else if (depth === 0) {
        out += ch;
      }
    }
    out += ' ';
  }
  if (inComment) throw new PgnError("a comment '{' is never closed");
  if (depth > 0) throw new PgnError("a variation '(' is never closed");
  return out.replace(/\$\d+/g, ' ');
}

/** A drop in SAN: a kind's code, `@`, a square (`R@a1`, `AK@a2`, `P@h2+`). */
const SAN_DROP = /^[A-Za-z]+@[a-z]+\d+[+#]?$/;

/** Reads a record; throws PgnError saying where the text is wrong. */
export function parsePgn(text: string): GameRecord {
  const tags = new Map<string, string>();
  const body: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line.startsWith('[') && body.every((b) => b === '')) {
      const [name, value] = readTag(line, i + 1);
      tags.set(name, value);
    } else {
      body.push(line);
    }
  });
  const moves: string[] = [];
  let result: string | null = null;
  for (const raw of stripMovetext(body).split(/\s+/)) {
    // A move number may stand alone or against its move: "1.", "1.e2e4", "12...He5".
    const token = raw
      .replace(/^\d+\s*\.+/, '')
      .replace(/^\d+$/, '')
      .replace(/½-½/, '1/2-1/2')
      .replace(/[!?]+$/, '');
    if (token === '') continue;
    if (result !== null) throw new PgnError(`text after the result ${result}: ${token.slice(0, 20)}`);
    if (RESULTS.includes(token)) {
      result = token;
    } else if (token.length > MAX_MOVE) {
      throw new PgnError(`move ${moves.length + 1}: '${token.slice(0, 20)}…' is too long to be a move`);
    } else if (SAN_DROP.test(token) && moves.length > 0) {
      // A drop written in SAN after its move (`Kd2 R@a1 P@h2`) is part of that turn.
      moves[moves.length - 1] += ` ${token}`;
    } else {
      moves.push(token);
    }
  }
  const tagResult = tags.get('Result');
  if (tagResult !== undefined && !RESULTS.includes(tagResult)) {
    throw new PgnError(`unknown result '${tagResult.slice(0, 20)}'`);
  }
  const variant = tags.get('Variant')?.trim() ?? '';
  const fen = tags.get('FEN')?.trim() ?? '';
  const seed = tags.get('Seed')?.trim() ?? '';
  const rec: GameRecord = {
    variant: variant === '' ? null : variant,
    fen: fen === '' ? null : fen,
    moves,
    result: (result ?? tagResult ?? '*') as PgnResult,
  };
  if (/^[0-9]{1,15}$/.test(seed)) rec.seed = Number(seed);
  return rec;
}

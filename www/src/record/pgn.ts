// Game records as text in a PGN-like form: tags, then numbered moves in
// coordinate notation. Legality is the engine's business, not this file's.
import type { PgnResult } from '../game/result';

export interface GameRecord {
  /** The variant id, or null when the text names none. */
  variant: string | null;
  /** The start position, or null for the variant's setup. */
  fen: string | null;
  moves: string[];
  result: PgnResult;
}

export class PgnError extends Error {
  override name = 'PgnError';
}

const RESULTS: readonly string[] = ['1-0', '0-1', '1/2-1/2', '*'];
const MOVE = /^[a-z]{1,2}[1-9][0-9]{0,2}[a-z]{1,2}[1-9][0-9]{0,2}(=[A-Za-z][A-Za-z0-9_-]*)?$/;
const LINE_WIDTH = 80;

function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Writes a record. `fen` is written only when given (a start other than the
 * setup); `black` and `number` say who moves first and the first move number.
 */
export function exportPgn(rec: GameRecord, black = false, number = 1): string {
  const tags = [`[Variant ${quote(rec.variant ?? '')}]`];
  if (rec.fen !== null) tags.push(`[FEN ${quote(rec.fen)}]`);
  tags.push(`[Result ${quote(rec.result)}]`);
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
  return `${tags.join('\n')}\n\n${lines.join('\n')}\n`;
}

/** Reads a tag's quoted value with its escapes. */
function readTag(line: string, lineNo: number): [string, string] {
  const m = /^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]$/.exec(line);
  if (m === null) throw new PgnError(`line ${lineNo}: cannot read the tag ${line.slice(0, 40)}`);
  return [m[1]!, m[2]!.replace(/\\(.)/g, '$1')];
}

/** Reads a record; throws PgnError saying where the text is wrong. */
export function parsePgn(text: string): GameRecord {
  const tags = new Map<string, string>();
  const body: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line.startsWith('[') && body.every((b) => b === '')) {
      const [name, value] = readTag(line, i + 1);
      tags.set(name, value);
    } else if (!line.startsWith('%')) {
      body.push(line.replace(/;.*$/, ''));
    }
  });
  const movetext = body
    .join(' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\$\d+/g, ' ');
  if (/[{}()]/.test(movetext)) throw new PgnError('comments and variations are not supported in the moves');
  const moves: string[] = [];
  let result: string | null = null;
  for (const raw of movetext.split(/\s+/)) {
    // A move number may be written against its move: "1.e2e4", "12...e7e5".
    const token = raw.replace(/^\d+\.+/, '');
    if (token === '') continue;
    if (result !== null) throw new PgnError(`text after the result ${result}: ${token.slice(0, 20)}`);
    if (RESULTS.includes(token)) {
      result = token;
    } else if (MOVE.test(token)) {
      moves.push(token);
    } else {
      throw new PgnError(`move ${moves.length + 1}: cannot read '${token.slice(0, 20)}' (expected a move such as e2e4 or e15e16=W)`);
    }
  }
  const tagResult = tags.get('Result');
  if (tagResult !== undefined && !RESULTS.includes(tagResult)) {
    throw new PgnError(`unknown result '${tagResult.slice(0, 20)}'`);
  }
  const variant = tags.get('Variant')?.trim() ?? '';
  const fen = tags.get('FEN')?.trim() ?? '';
  return {
    variant: variant === '' ? null : variant,
    fen: fen === '' ? null : fen,
    moves,
    result: (result ?? tagResult ?? '*') as PgnResult,
  };
}

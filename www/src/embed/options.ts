// The attributes of <bigboard-game>, read into checked options: a value the
// element does not know falls back to its default and is reported.
import { DEFAULT_PACE_MS } from '../ai/player';
import { parseTimeControl, type TimeControl } from '../clock/clock';
import { AUTO, THEMES } from '../board/theme';
import { parsePgn } from '../record/pgn';
import { MAX_LEVEL, MIN_LEVEL, type Orientation } from '../engine/types';

/** Who plays: two people at one screen, a person against the AI, the AI against itself, or nobody (a diagram). */
export type EmbedMode = 'hotseat' | 'vs-ai' | 'ai-vs-ai' | 'view';
const EMBED_MODES: readonly EmbedMode[] = ['hotseat', 'vs-ai', 'ai-vs-ai', 'view'];

/** The buttons an embedded board may show. */
export type EmbedControl = 'new' | 'undo' | 'redo' | 'flip' | 'resign' | 'draw' | 'hint' | 'type' | 'analysis' | 'pause' | 'step';
export const EMBED_CONTROLS: readonly EmbedControl[] = ['new', 'undo', 'redo', 'flip', 'resign', 'draw', 'hint', 'type', 'analysis', 'pause', 'step'];
/** The buttons shown when the controls attribute is absent. */
const DEFAULT_CONTROLS: readonly EmbedControl[] = ['new', 'undo', 'redo', 'flip'];

export const EMBED_ATTRIBUTES = ['variant', 'fen', 'seed', 'moves', 'orientation', 'mode', 'ai-level', 'controls', 'legend', 'definition', 'theme', 'sounds', 'clock', 'pace'] as const;

const DEFAULT_LEVEL = 3;

export interface EmbedOptions {
  variant: string;
  fen: string | null;
  /** The seed of a random setup (UC-170-17), or null (one is drawn when the variant has such setups). */
  seed: number | null;
  moves: string[];
  orientation: Orientation;
  mode: EmbedMode;
  level: number;
  controls: EmbedControl[];
  legend: boolean;
  /** The id of a <script type="text/x-bigboard-variant"> element, or the URL of a .toml file. */
  definition: string | null;
  /** A theme id, or 'auto' to follow the system's light or dark preference. */
  theme: string;
  sounds: boolean;
  /** Both sides' time control, or null for no clock. */
  clock: TimeControl | null;
  /** AI vs AI: the least time between two moves, in ms. */
  paceMs: number;
}

/** The longest pace an element takes, in seconds. */
const MAX_PACE_S = 60;

/** Reads the options from `attr` (an element's getAttribute); `warnings` says what was ignored. */
export function readOptions(attr: (name: string) => string | null): { options: EmbedOptions; warnings: string[] } {
  const warnings: string[] = [];
  const text = (name: string) => {
    const v = attr(name)?.trim();
    return v === undefined || v === '' ? null : v;
  };

  const modeText = text('mode') ?? 'hotseat';
  const mode = EMBED_MODES.find((m) => m === modeText) ?? 'hotseat';
  if (mode !== modeText) warnings.push(`mode "${modeText}" is not one of ${EMBED_MODES.join(', ')}`);

  const orientationText = text('orientation') ?? 'white';
  const orientation: Orientation = orientationText === 'black' ? 'black' : 'white';
  if (orientation !== orientationText) warnings.push(`orientation "${orientationText}" is not white or black`);

  let level = DEFAULT_LEVEL;
  const levelText = text('ai-level');
  if (levelText !== null) {
    const n = Number(levelText);
    if (Number.isInteger(n) && n >= MIN_LEVEL && n <= MAX_LEVEL) level = n;
    else warnings.push(`ai-level "${levelText}" is not a whole number from ${MIN_LEVEL} to ${MAX_LEVEL}`);
  }

  const controlsAttr = attr('controls');
  const controls: EmbedControl[] = [];
  if (controlsAttr === null) {
    controls.push(...(mode === 'view' ? (['flip'] as const) : DEFAULT_CONTROLS));
  } else {
    for (const name of controlsAttr.split(/[\s,]+/).filter((s) => s !== '')) {
      const c = EMBED_CONTROLS.find((k) => k === name);
      if (c === undefined) warnings.push(`control "${name}" is not one of ${EMBED_CONTROLS.join(', ')}`);
      else if (!controls.includes(c)) controls.push(c);
    }
  }

  const themeText = text('theme') ?? AUTO;
  const theme = themeText === AUTO || THEMES.some((t) => t.id === themeText) ? themeText : AUTO;
  if (theme !== themeText) warnings.push(`theme "${themeText}" is not one of ${THEMES.map((t) => t.id).join(', ')}`);

  const clockText = text('clock');
  let clock: TimeControl | null = null;
  if (clockText !== null) {
    clock = parseTimeControl(clockText);
    if (clock === null) warnings.push(`clock "${clockText}" is not minutes + seconds of increment, such as 5+3 or 0:30+2`);
    else if (mode === 'view') {
      clock = null;
      warnings.push('clock has no use in a diagram (mode "view")');
    }
  }

  // SAN or coordinates, with or without move numbers and comments, as in a record.
  const paceText = text('pace');
  let paceMs = DEFAULT_PACE_MS;
  if (paceText !== null) {
    const n = Number(paceText);
    if (Number.isFinite(n) && n >= 0 && n <= MAX_PACE_S) paceMs = Math.round(n * 1000);
    else warnings.push(`pace "${paceText}" is not a number of seconds from 0 to ${MAX_PACE_S}`);
  }

  const seedText = text('seed');
  let seed: number | null = null;
  if (seedText !== null) {
    if (!/^[0-9]{1,15}$/.test(seedText)) warnings.push(`seed "${seedText.slice(0, 40)}" is not a whole number`);
    else if (text('fen') !== null) warnings.push('seed has no use with a fen (the game starts from the fen)');
    else seed = Number(seedText);
  }

  const movesText = text('moves');
  let moves: string[] = [];
  if (movesText !== null) {
    try {
      moves = parsePgn(movesText.replaceAll(',', ' ')).moves;
    } catch (e) {
      warnings.push(`moves "${movesText.slice(0, 40)}": ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return {
    options: {
      variant: text('variant') ?? 'xhess',
      fen: text('fen'),
      seed,
      moves,
      orientation,
      mode,
      level,
      controls,
      legend: attr('legend') !== null,
      definition: text('definition'),
      theme,
      sounds: attr('sounds') !== null,
      clock,
      paceMs,
    },
    warnings,
  };
}

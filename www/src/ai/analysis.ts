// The Analysis toggle: while on, the engine thinks about the position shown
// in the page's engine worker (so input is never blocked) whenever the AI
// and the Hint button leave it free, restarted with each new position (a
// level-8 AI thinking about the same position is shown meanwhile); an
// evaluation bar beside the board shows White's share (on White's side of
// the board) and a line of text the principal variation. Off by default;
// the app page keeps the choice in localStorage.
import type { AiClient, AiClientEvents } from './client';
import type { GameView } from './game-view';
import type { Color, SearchProgress } from '../engine/types';
import type { Notation } from '../record/record';

export const ANALYSIS_KEY = 'bigboard.analysis';
/** How long the engine thinks about each position, at level 8. */
export const ANALYSIS_TIME_MS = 1500;
const ANALYSIS_LEVEL = 8;

/** White's share (0..1) of a score given for `side` to move: a logistic of centipawns, all or nothing for a mate. */
export function whiteShare(scoreCp: number | null, mate: number | null, side: Color): number {
  let share = 0.5;
  if (mate !== null) share = mate > 0 ? 1 : 0;
  else if (scoreCp !== null) share = 1 / (1 + Math.pow(10, -scoreCp / 400));
  return side === 0 ? share : 1 - share;
}

/** The score as White sees it: "+1.25", "-0.40", "#3", "#-2". */
export function scoreText(scoreCp: number | null, mate: number | null, side: Color): string {
  const sign = side === 0 ? 1 : -1;
  if (mate !== null) return `#${mate * sign}`;
  if (scoreCp === null) return '?';
  const cp = scoreCp * sign;
  return `${cp >= 0 ? '+' : ''}${(cp / 100).toFixed(2)}`;
}

export interface AnalysisElements {
  toggle: HTMLInputElement;
  bar: HTMLElement;
  fill: HTMLElement;
  text: HTMLElement;
}

export class Analyzer {
  private client: AiClient | null = null;
  /** The position being analysed (variant, start and moves), or null when off. */
  private key: string | null = null;
  private side: Color = 0;
  /** The ply of the position analysed, and the last report on it (written again when the notation changes). */
  private ply = 0;
  private last: SearchProgress | null = null;

  constructor(
    private readonly app: GameView,
    private readonly createClient: (events: AiClientEvents) => AiClient,
    private readonly el: AnalysisElements,
    store: Storage | null,
    /** How the page writes moves (the line is written the same way). */
    private readonly notation: () => Notation = () => 'san',
  ) {
    el.toggle.checked = read(store) === 'on';
    el.toggle.addEventListener('change', () => {
      write(store, el.toggle.checked ? 'on' : 'off');
      this.update();
    });
    app.onChange(() => this.update());
    this.update();
  }

  private update(): void {
    // White's part of the bar is on White's side of the board: at the top when Black is at the bottom.
    this.el.bar.classList.toggle('flipped', this.app.board.flipped);
    const on = this.el.toggle.checked;
    this.el.bar.hidden = !on;
    this.el.text.hidden = !on;
    if (!on) {
      this.key = null;
      this.client?.stop();
      return;
    }
    const app = this.app;
    // No engine's help in a live game with a friend on another device.
    if (app.localSide !== null && !app.liveStatus.over) {
      this.key = null;
      this.client?.stop();
      this.el.bar.hidden = true;
      this.say('Analysis waits for the end of the game with your friend.');
      return;
    }
    const h = app.history;
    const ply = app.viewPly ?? h.coord.length;
    const moves = h.coord.slice(0, ply);
    const key = `${app.variant.id}\n${h.start_fen}\n${moves.join(' ')}`;
    if (key === this.key) return;
    this.key = key;
    this.ply = ply;
    this.last = null;
    // The side to move in the position shown: the live side, one back per ply stepped back.
    const back = (h.coord.length - ply) % 2;
    this.side = (back === 0 ? app.liveStatus.side : 1 - app.liveStatus.side) as Color;
    if (app.viewPly === null && app.liveStatus.over) {
      this.client?.stop();
      this.say('Analysis: the game is over.');
      return;
    }
    this.say('Analysis: thinking…');
    this.client ??= this.createClient({ progress: (info) => this.show(info), failed: (m) => this.say(`No analysis: ${m}`) });
    this.client
      .think({
        variant: app.variant.id,
        definition: app.definitionText,
        fen: h.start_fen,
        moves: moves.join(' '),
        level: ANALYSIS_LEVEL,
        timeMs: ANALYSIS_TIME_MS,
        seed: 1,
      })
      .catch((e: unknown) => {
        if (key === this.key) this.say(`No analysis: ${e instanceof Error ? e.message : String(e)}`);
      });
  }

  private show(info: SearchProgress): void {
    if (!this.el.toggle.checked) return;
    const share = whiteShare(info.score_cp, info.mate, this.side);
    this.el.fill.style.height = `${(share * 100).toFixed(1)}%`;
    const score = scoreText(info.score_cp, info.mate, this.side);
    this.el.bar.setAttribute('aria-valuenow', String(Math.round(share * 100)));
    this.el.bar.title = `White ${Math.round(share * 100)}% (${score})`;
    this.last = info;
    this.sayLine();
  }

  /** The last report's score and line, its moves in the page's notation. */
  private sayLine(): void {
    const info = this.last;
    if (info === null) return;
    const score = scoreText(info.score_cp, info.mate, this.side);
    const line = this.app.lineAt(this.ply, info.pv.slice(0, 8), this.notation());
    this.say(`${score} (depth ${info.depth}): ${line.join(' ')}`);
  }

  /** The notation changed: the line shown is written again in it. */
  notationChanged(): void {
    if (this.el.toggle.checked && this.key !== null) this.sayLine();
  }

  private say(text: string): void {
    this.el.text.textContent = text;
  }

  dispose(): void {
    this.client?.dispose();
  }
}

function read(store: Storage | null): string | null {
  try {
    return store?.getItem(ANALYSIS_KEY) ?? null;
  } catch {
    return null;
  }
}

function write(store: Storage | null, value: string): void {
  try {
    store?.setItem(ANALYSIS_KEY, value);
  } catch {
    // Storage refused: the choice lasts for this page only.
  }
}

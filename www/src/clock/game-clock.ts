// A chess clock attached to a game: it follows the game (charging the side
// that moved, adding its increment), shows both sides' times, and ends the
// game when a flag falls. The app page and <bigboard-game> both run one.
// In a game with a friend on another device each page judges only its own
// side's time: the friend's side at zero here waits for the friend's page
// to say its flag fell (docs/play-a-friend.md, "Clocks").
import { formatClock, newClock, switchClock, timeLeft, type ClockState, type TimeControl } from './clock';
import { flagFall, type Ending } from '../record/ending';
import type { Color, Status, VariantInfo } from '../engine/types';

/** What the clock follows of the game, and how it ends it. */
export interface ClockGame {
  /** The moves played (the clock counts them). */
  readonly history: { readonly coord: readonly string[] };
  readonly liveStatus: Status;
  /** Whether a turn's move is played and its drops may still follow. */
  readonly turnOpen: boolean;
  /** The sides' names, when the variant has its own. */
  readonly variant: Pick<VariantInfo, 'sides'>;
  /** Whether `side` has the material to win the game at all. */
  canWin(side: Color): boolean;
  /** Ends the game for a reason outside the rules (here, a fallen flag). */
  end(e: Ending): void;
  /** Calls `f` after every change of state. */
  onChange(f: () => void): void;
}

/** How often the running side's time is checked and shown. */
const TICK_MS = 100;

export interface GameClockOptions {
  /** The clock to go on with (one restored after a reload), or null for none. */
  initial: ClockState | null;
  /** Hidden while there is no clock. */
  box: HTMLElement;
  /** Where White's and Black's times are shown. */
  faces: readonly [HTMLElement, HTMLElement];
  /** A new clock waits for the next move before it runs, rather than starting at once. */
  waitForMove?: boolean;
  /** Called with each new state, to keep it. */
  changed?(c: ClockState | null): void;
  /** Called when undo took back a fallen flag: the clock has gone off. */
  stopped?(): void;
  /**
   * The side whose time another page judges (the friend's, in a game with
   * a friend on another device), or null for none: this clock ends the
   * game for both sides' flags. When that side reaches zero here it shows
   * 0.0 and waits: its page's word (`flagFell`) ends the game, a move of
   * its own goes on (it was in time by its own clock), and only after
   * `graceMs` more with neither does this clock end the game itself.
   */
  judgedElsewhere?(): Color | null;
  /** How long a side judged elsewhere may stand at zero here before this clock ends the game (FLAG_GRACE_MS unless given). */
  graceMs?: number;
  /** Called when this clock ended the game on a flag it judges itself (the page tells the other page). */
  fell?(side: Color): void;
  /**
   * Called when the side judged elsewhere reaches zero here (`ended`
   * false: the page says it waits for the other page's word), and when
   * no word or move came within the grace time and this clock ended the
   * game itself (`ended` true).
   */
  overdue?(side: Color, ended: boolean): void;
}

/**
 * How long the friend's side may stand at zero on this page's clock with
 * no word from the friend's page: many times what a message takes on a
 * working link, even when a lost packet must be sent again or the friend's
 * page is in a background tab (where the browser runs its timers once a
 * second), and short enough that a lost link does not hold a game whose
 * time is up open for long (docs/play-a-friend.md, "Clocks").
 */
export const FLAG_GRACE_MS = 5000;

export class GameClock {
  private clock: ClockState | null;
  /** A new clock not yet running: it starts with the next move. */
  private waiting = false;
  /** The clock state whose side judged elsewhere was told to stand at zero (each move makes a new state). */
  private toldOverdue: ClockState | null = null;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly app: ClockGame,
    private readonly o: GameClockOptions,
  ) {
    this.clock = o.initial;
    const c = this.clock;
    // A flag that fell before the reload ends the restored game again.
    if (c !== null && c.flag !== null && !app.liveStatus.over) app.end(flagFall(c.flag, app.canWin(other(c.flag))));
    app.onChange(() => this.follow());
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.show();
  }

  get state(): ClockState | null {
    return this.clock;
  }

  /** A fresh clock for `tc` (none when null), for the game as it is now. */
  start(tc: TimeControl | null): void {
    this.waiting = tc !== null && this.o.waitForMove === true;
    this.clock = tc === null ? null : newClock(tc, this.waiting ? null : this.runningSide(), Date.now(), this.plies());
    this.o.changed?.(this.clock);
    this.show();
  }

  /**
   * Stops the running side's time, the times shown as they are, until the
   * next move or `start` (an invitation to a friend waits for their answer,
   * and the game's clock starts when both pages agree on it).
   */
  hold(): void {
    const c = this.clock;
    if (c === null || c.running === null) return;
    this.waiting = true;
    this.clock = switchClock(c, null, Date.now(), this.plies());
    this.o.changed?.(this.clock);
    this.show();
  }

  /**
   * The other page's word that `side`'s flag fell there (the side it
   * judges): the clock stops with that flag fallen and the game ends as it
   * would have here. False when there is no clock, or the game is over
   * already, so nothing was ended.
   */
  flagFell(side: Color): boolean {
    const c = this.clock;
    if (c === null || c.flag !== null || this.app.liveStatus.over) return false;
    this.fall(c, side, Date.now());
    this.show();
    return true;
  }

  /** Stops the ticking for good (the board is gone). */
  dispose(): void {
    clearInterval(this.timer);
  }

  /** Whole turns played: a turn left open for its drops counts once it ends. */
  private plies(): number {
    return this.app.history.coord.length - (this.app.turnOpen ? 1 : 0);
  }

  /** The side whose time runs: the mover's until its open turn ends. */
  private runningSide(): Color | null {
    const s = this.app.liveStatus;
    if (s.over) return null;
    return this.app.turnOpen ? other(s.side) : s.side;
  }

  /** After any change of the game: switch the running side when a move was made or taken back. */
  private follow(): void {
    const c = this.clock;
    if (c === null) return;
    if (c.flag !== null && !this.app.liveStatus.over) {
      this.start(null);
      this.o.stopped?.();
      return;
    }
    let side = this.runningSide();
    if (this.waiting) {
      if (this.plies() > c.plies) this.waiting = false;
      else side = null;
    }
    if (side !== c.running || this.plies() !== c.plies) {
      const now = Date.now();
      const was = c.running;
      const next = switchClock(c, side, now, this.plies());
      // A move of the side judged elsewhere that came while it stood at zero here was in time by its own page's clock: it earns its increment.
      if (was !== null && was === this.elsewhere() && next.plies > c.plies && timeLeft(c, was, now) <= 0) next.remaining[was] = c.tc.incMs;
      this.clock = next;
      this.o.changed?.(this.clock);
    }
    this.show();
  }

  private tick(): void {
    const c = this.clock;
    if (c === null || c.running === null) return;
    const side = c.running;
    const now = Date.now();
    const left = timeLeft(c, side, now);
    if (side === this.elsewhere()) {
      // The friend's page judges this side: at zero here, its word or its move is waited for.
      if (left <= -(this.o.graceMs ?? FLAG_GRACE_MS)) {
        this.fall(c, side, now);
        this.o.overdue?.(side, true);
      } else if (left <= 0 && this.toldOverdue !== c) {
        this.toldOverdue = c;
        this.o.overdue?.(side, false);
      }
    } else if (left <= 0) {
      this.fall(c, side, now);
      this.o.fell?.(side);
    }
    this.show();
  }

  /** The side whose time another page judges, or null. */
  private elsewhere(): Color | null {
    return this.o.judgedElsewhere?.() ?? null;
  }

  /** `side`'s flag falls: the clock stops at zero for it and the game ends. */
  private fall(c: ClockState, side: Color, now: number): void {
    const stopped = { ...switchClock(c, null, now, this.plies()), flag: side };
    stopped.remaining[side] = 0;
    this.clock = stopped;
    this.o.changed?.(stopped);
    this.app.end(flagFall(side, this.app.canWin(other(side))));
  }

  private show(): void {
    const c = this.clock;
    this.o.box.hidden = c === null;
    if (c === null) return;
    const now = Date.now();
    for (const side of [0, 1] as const) {
      const face = this.o.faces[side];
      face.textContent = `${(this.app.variant.sides ?? ['White', 'Black'])[side]} ${formatClock(timeLeft(c, side, now))}`;
      face.classList.toggle('running', c.running === side);
      face.classList.toggle('flagged', c.flag === side);
    }
  }
}

const other = (c: Color): Color => (c === 0 ? 1 : 0);

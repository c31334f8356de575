import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { withEnding, type Ending } from '../record/ending';
import { FLAG_GRACE_MS, GameClock, type GameClockOptions } from './game-clock';
import type { Color, Status } from '../engine/types';

/** A stand-in for the game: moves are counted, the side to move alternates, and an ending sticks. */
class FakeGame {
  coord: string[] = [];
  /** A turn whose move is played and whose drops may still follow. */
  turnOpen = false;
  variant: { sides?: [string, string] } = {};
  ending: Ending | null = null;
  listeners: (() => void)[] = [];
  constructor(private readonly winnable: [boolean, boolean] = [true, true]) {}
  get history() {
    return { coord: this.coord };
  }
  get liveStatus(): Status {
    const s: Status = { side: (this.coord.length % 2) as Color, check: false, over: false, winner: null, reason: null, reason_id: null };
    return withEnding(s, this.ending);
  }
  onChange(f: () => void) {
    this.listeners.push(f);
  }
  canWin(side: Color) {
    return this.winnable[side];
  }
  end(e: Ending) {
    this.ending = e;
    this.changed();
  }
  move() {
    this.coord.push('a1a2');
    this.changed();
  }
  changed() {
    for (const f of this.listeners) f();
  }
}

/** What a clock face needs: text and classes. */
function face() {
  const classes = new Set<string>();
  return { textContent: '', classList: { toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c)) }, classes };
}

function clockFor(game: FakeGame, waitForMove: boolean, more: Partial<GameClockOptions> = {}) {
  const faces = [face(), face()] as const;
  const box = { hidden: true };
  const clock = new GameClock(game, {
    initial: null,
    box: box as unknown as HTMLElement,
    faces: faces as unknown as [HTMLElement, HTMLElement],
    waitForMove,
    ...more,
  });
  return { clock, faces, box };
}

/** A clock of the page playing White against a friend on another device: Black's time is judged by the friend's page. */
function whitesPage(game: FakeGame) {
  const fell: Color[] = [];
  const overdue: [Color, boolean][] = [];
  const parts = clockFor(game, false, { judgedElsewhere: () => 1, fell: (side) => fell.push(side), overdue: (side, ended) => overdue.push([side, ended]) });
  return { ...parts, fell, overdue };
}

beforeEach(() => mock.timers.enable({ apis: ['setInterval', 'Date'], now: 1_000_000 }));
afterEach(() => mock.timers.reset());

test('a clock waiting for the first move runs no time until a move is made, then charges the side to move', () => {
  const game = new FakeGame();
  const { clock, faces, box } = clockFor(game, true);
  clock.start({ baseMs: 2000, incMs: 1000 });
  assert.equal(box.hidden, false);
  mock.timers.tick(5000);
  assert.equal(game.liveStatus.over, false);
  assert.equal(faces[0].textContent, 'White 0:02.0');
  assert.equal(clock.state?.running, null);

  game.move();
  assert.equal(clock.state?.running, 1);
  mock.timers.tick(500);
  assert.equal(faces[1].textContent, 'Black 0:01.5');
  assert.ok(faces[1].classes.has('running'));
  game.move();
  // Black is charged half a second and earns the increment; White runs now.
  assert.deepEqual(clock.state?.remaining, [2000, 2500]);
  assert.equal(clock.state?.running, 0);
  clock.dispose();
});

test('a flag falling loses, or draws when the opponent cannot win; undo taking it back turns the clock off', () => {
  const game = new FakeGame();
  const { clock, faces, box } = clockFor(game, false);
  clock.start({ baseMs: 1000, incMs: 0 });
  assert.equal(clock.state?.running, 0);
  mock.timers.tick(1100);
  assert.deepEqual(game.ending, { winner: 1, reason: "White's time ran out" });
  assert.equal(clock.state?.flag, 0);
  assert.equal(clock.state?.running, null);
  assert.ok(faces[0].classes.has('flagged'));
  assert.equal(faces[0].textContent, 'White 0:00.0');

  game.ending = null;
  game.changed();
  assert.equal(clock.state, null);
  assert.equal(box.hidden, true);
  clock.dispose();

  const bare = new FakeGame([true, false]);
  const other = clockFor(bare, false);
  other.clock.start({ baseMs: 1000, incMs: 0 });
  mock.timers.tick(1100);
  assert.deepEqual(bare.ending, { winner: null, reason: "White's time ran out and Black cannot win" });
  other.clock.dispose();
});

test('a turn left open for its drops runs on its mover\'s time; Done passes the clock with the increment', () => {
  const game = new FakeGame();
  game.variant = { sides: ['White', 'Blue'] };
  const { clock, faces } = clockFor(game, false);
  clock.start({ baseMs: 10000, incMs: 1000 });
  assert.equal(clock.state?.running, 0);
  // The move is played; the turn stays open while White chooses its drops.
  game.turnOpen = true;
  game.move();
  assert.equal(clock.state?.running, 0);
  mock.timers.tick(3000);
  assert.equal(faces[0].textContent, 'White 0:07.0');
  // Done: White is charged and earns the increment; Blue runs.
  game.turnOpen = false;
  game.changed();
  assert.equal(clock.state?.running, 1);
  assert.deepEqual(clock.state?.remaining, [8000, 10000]);
  mock.timers.tick(500);
  assert.equal(faces[1].textContent, 'Blue 0:09.5');
  clock.dispose();
});

test('with no side judged elsewhere (hot-seat, the AI) both flags fall here, each told as it falls', () => {
  const game = new FakeGame();
  const fell: Color[] = [];
  const { clock } = clockFor(game, false, { fell: (side) => fell.push(side) });
  clock.start({ baseMs: 1000, incMs: 0 });
  game.move();
  mock.timers.tick(1100);
  assert.deepEqual(game.ending, { winner: 0, reason: "Black's time ran out" });
  assert.deepEqual(fell, [1]);
  clock.dispose();
});

test("this page's own side judged here: its flag falls at zero and the page is told, to tell the friend", () => {
  const game = new FakeGame();
  const { clock, fell } = whitesPage(game);
  clock.start({ baseMs: 1000, incMs: 0 });
  mock.timers.tick(900);
  assert.equal(game.ending, null);
  mock.timers.tick(200);
  assert.deepEqual(game.ending, { winner: 1, reason: "White's time ran out" });
  assert.deepEqual(fell, [0]);
  assert.equal(clock.state?.flag, 0);
  clock.dispose();
});

test("the friend's side at zero here shows 0.0 and waits; the friend's word ends the game as their own flag", () => {
  const game = new FakeGame();
  const { clock, faces, fell, overdue } = whitesPage(game);
  clock.start({ baseMs: 1000, incMs: 0 });
  game.move();
  mock.timers.tick(900);
  assert.deepEqual(overdue, []);
  mock.timers.tick(FLAG_GRACE_MS - 100);
  assert.equal(game.ending, null, 'no ending before the friend says so');
  assert.deepEqual(overdue, [[1, false]], 'told once that it waits');
  assert.equal(faces[1].textContent, 'Black 0:00.0');
  assert.equal(clock.state?.flag, null);
  assert.equal(clock.state?.running, 1);
  assert.equal(clock.flagFell(1), true);
  assert.deepEqual(game.ending, { winner: 0, reason: "Black's time ran out" });
  assert.equal(clock.state?.flag, 1);
  assert.equal(clock.state?.running, null);
  assert.deepEqual(clock.state?.remaining, [1000, 0]);
  assert.ok(faces[1].classes.has('flagged'));
  assert.deepEqual(fell, [], 'a flag the friend judged is not told back to them');
  assert.deepEqual(overdue, [[1, false]]);
  // The word again, or the grace running out later, changes nothing.
  assert.equal(clock.flagFell(1), false);
  mock.timers.tick(FLAG_GRACE_MS);
  assert.deepEqual(game.ending, { winner: 0, reason: "Black's time ran out" });
  clock.dispose();
});

test("the friend's word ends the game with a draw when this side cannot win, as their page ends it", () => {
  const game = new FakeGame([false, true]);
  const { clock } = whitesPage(game);
  clock.start({ baseMs: 1000, incMs: 0 });
  game.move();
  mock.timers.tick(1500);
  assert.equal(clock.flagFell(1), true);
  assert.deepEqual(game.ending, { winner: null, reason: "Black's time ran out and White cannot win" });
  clock.dispose();
});

test("a move of the friend's that arrives while their side stands at zero here is played, earns its increment, and the clocks go on", () => {
  const game = new FakeGame();
  const { clock, faces, overdue } = whitesPage(game);
  clock.start({ baseMs: 1000, incMs: 2000 });
  game.move();
  assert.deepEqual(clock.state?.remaining, [3000, 1000]);
  mock.timers.tick(1000 + 1500);
  assert.equal(faces[1].textContent, 'Black 0:00.0');
  game.move();
  assert.equal(game.ending, null);
  assert.deepEqual(clock.state?.remaining, [3000, 2000]);
  assert.equal(clock.state?.running, 0);
  mock.timers.tick(2000);
  assert.equal(faces[0].textContent, 'White 0:01.0');
  game.move();
  // Black's time runs again from its increment, and its grace starts afresh at zero.
  assert.deepEqual(clock.state?.remaining, [3000, 2000]);
  mock.timers.tick(2000 + FLAG_GRACE_MS - 200);
  assert.equal(game.ending, null);
  mock.timers.tick(300);
  assert.deepEqual(game.ending, { winner: 0, reason: "Black's time ran out" });
  assert.deepEqual(overdue, [[1, false], [1, false], [1, true]], 'told again at each standing at zero');
  clock.dispose();
});

test("no word from the friend's page within the grace time: this clock ends the game on their flag itself", () => {
  const game = new FakeGame();
  const { clock, fell, overdue } = whitesPage(game);
  clock.start({ baseMs: 1000, incMs: 0 });
  game.move();
  mock.timers.tick(1000 + FLAG_GRACE_MS - 100);
  assert.equal(game.ending, null);
  mock.timers.tick(200);
  assert.deepEqual(game.ending, { winner: 0, reason: "Black's time ran out" });
  assert.equal(clock.state?.flag, 1);
  assert.deepEqual(clock.state?.remaining, [1000, 0]);
  assert.deepEqual(fell, []);
  assert.deepEqual(overdue, [[1, false], [1, true]]);
  clock.dispose();

  const shorter = new FakeGame();
  const other = clockFor(shorter, false, { judgedElsewhere: () => 1, graceMs: 300 });
  other.clock.start({ baseMs: 1000, incMs: 0 });
  shorter.move();
  mock.timers.tick(1200);
  assert.equal(shorter.ending, null);
  mock.timers.tick(200);
  assert.deepEqual(shorter.ending, { winner: 0, reason: "Black's time ran out" });
  other.clock.dispose();
});

test('the word of a flag ends nothing without a clock or after the game ended', () => {
  const game = new FakeGame();
  const { clock } = whitesPage(game);
  assert.equal(clock.flagFell(1), false);
  clock.start({ baseMs: 60000, incMs: 0 });
  game.move();
  game.end({ winner: 1, reason: 'White resigns' });
  assert.equal(clock.flagFell(1), false);
  assert.deepEqual(game.ending, { winner: 1, reason: 'White resigns' });
  clock.dispose();
});

test('a held clock runs no time until the next move or a fresh start', () => {
  const game = new FakeGame();
  const { clock, faces } = clockFor(game, false);
  clock.start({ baseMs: 3000, incMs: 1000 });
  mock.timers.tick(500);
  clock.hold();
  assert.equal(clock.state?.running, null);
  mock.timers.tick(10_000);
  assert.equal(game.ending, null);
  assert.equal(faces[0].textContent, 'White 0:02.5');
  // A move made meanwhile sets the clock going again, charging no time for the hold.
  game.move();
  assert.equal(clock.state?.running, 1);
  assert.deepEqual(clock.state?.remaining, [2500, 3000]);
  clock.hold();
  mock.timers.tick(10_000);
  // The game agreed: a fresh clock runs for the side to move.
  clock.start({ baseMs: 3000, incMs: 1000 });
  assert.equal(clock.state?.running, 1);
  mock.timers.tick(1000);
  assert.equal(faces[1].textContent, 'Black 0:02.0');
  clock.dispose();
});

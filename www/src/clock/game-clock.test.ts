import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { withEnding, type Ending } from '../record/ending';
import { GameClock } from './game-clock';
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

function clockFor(game: FakeGame, waitForMove: boolean) {
  const faces = [face(), face()] as const;
  const box = { hidden: true };
  const clock = new GameClock(game, {
    initial: null,
    box: box as unknown as HTMLElement,
    faces: faces as unknown as [HTMLElement, HTMLElement],
    waitForMove,
  });
  return { clock, faces, box };
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

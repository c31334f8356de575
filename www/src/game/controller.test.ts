// The game controller driven headless in Node, with the real engine (the
// wasm module built by ./build.sh): moves played and refused, undo and redo,
// an earlier position viewed, an ending outside the rules, typed moves,
// saving and restoring, a new game and a record read back, and the AI's
// turns (its searches made by the real engine in this thread, in place of
// the page's engine worker).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, test } from 'node:test';
import { Engine } from 'bigboard-wasm';
import { AiClient } from '../ai/client';
import { EngineHost } from '../ai/host';
import type { ToWorker } from '../ai/protocol';
import { Rules, loadEngine, variantList } from '../engine/engine';
import type { VariantInfo } from '../engine/types';
import { resignation } from '../record/ending';
import { GameController } from './controller';

let variants: VariantInfo[] = [];

before(async () => {
  const bytes = await readFile(new URL('../../pkg/bigboard_bg.wasm', import.meta.url)).catch(() => {
    throw new Error('www/pkg/bigboard_bg.wasm is missing: build the wasm first (./build.sh from the repository root)');
  });
  await loadEngine(await WebAssembly.compile(bytes));
  variants = variantList();
});

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  } as Storage;
}

/** A controller of a game between two people at this screen (the AI is never asked). */
function controller(storage: Storage | null = null): GameController {
  return new GameController({
    variants,
    storage,
    createAi: () => {
      throw new Error('the AI is not asked in a game between two people');
    },
  });
}

/**
 * The engine worker's part, run in this thread: each search is made by the
 * real engine in a task of its own, and answered as the worker answers.
 */
class InlineWorker {
  private readonly listeners: ((e: { data: unknown }) => void)[] = [];
  private readonly engine = new Engine(1);
  postMessage(m: ToWorker): void {
    if (m.type !== 'think') return;
    setTimeout(() => {
      try {
        this.engine.load(m.variant, m.definition ?? null);
        this.emit({ type: 'loaded', id: m.id, ms: 0 });
        const choice = this.engine.think(m.variant, m.definition ?? null, m.fen, m.moves, m.level, m.timeMs, m.seed, () => {});
        this.emit({ type: 'result', id: m.id, choice });
      } catch (e) {
        this.emit({ type: 'error', id: m.id, message: String(e) });
      }
    }, 0);
  }
  terminate(): void {
    this.engine.free();
  }
  addEventListener(type: string, f: (e: { data: unknown }) => void): void {
    if (type === 'message') this.listeners.push(f);
  }
  private emit(data: unknown): void {
    for (const f of this.listeners) f({ data });
  }
}

/** A controller whose AI searches with the real engine, at level 1 (a shallow search). */
function againstAi(): GameController {
  const host = new EngineHost(() => new InlineWorker() as unknown as Worker);
  const c = new GameController({ variants, storage: null, createAi: (events) => new AiClient(host, 'ai', events) });
  c.setLevel(1);
  return c;
}

/** Resolves once `done` holds after a change of the game; fails after `ms`. */
function until(c: GameController, done: () => boolean, ms = 30000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (done()) return resolve();
    const timer = setTimeout(() => reject(new Error(`not reached in ${ms} ms: ${c.history.coord.join(' ')} ${c.message}`)), ms);
    c.onChange(() => {
      if (done()) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

/** The first legal move (coordinate text) in the controller's live position. */
function firstMove(c: GameController): string {
  const r = Rules.create(c.variant.id, c.fen(), [], c.definitionText);
  try {
    return r.legalMoves()[0]!.text;
  } finally {
    r.free();
  }
}

/** Plays `n` moves, each the first legal one, and returns them. */
function playSome(c: GameController, n: number): string[] {
  const played: string[] = [];
  for (let i = 0; i < n; i++) {
    const m = firstMove(c);
    assert.equal(c.play(m), true, c.message);
    played.push(m);
  }
  return played;
}

test('moves are played, taken back and played again', () => {
  const c = controller();
  assert.equal(c.canUndo, false);
  const [m1, m2] = playSome(c, 2);
  assert.deepEqual(c.history.coord, [m1, m2]);
  assert.equal(c.liveStatus.side, 0);
  assert.equal(c.canUndo, true);
  c.undo();
  assert.deepEqual(c.history.coord, [m1]);
  assert.equal(c.liveStatus.side, 1);
  assert.equal(c.canRedo, true);
  c.redo();
  assert.deepEqual(c.history.coord, [m1, m2]);
  assert.equal(c.canRedo, false);
  c.dispose();
});

test('a move the engine refuses leaves the game as it was and says why', () => {
  const c = controller();
  const fen = c.fen();
  assert.equal(c.play('zz99zz98'), false);
  assert.match(c.message, /^Move zz99zz98 refused: /);
  assert.equal(c.fen(), fen);
  assert.deepEqual(c.history.coord, []);
  c.dispose();
});

test('an earlier position is viewed read-only, and the last ply is the live one again', () => {
  const c = controller();
  const start = c.shownPosition();
  const [, m2] = playSome(c, 2);
  const live = c.shownPosition();
  assert.notEqual(live.lastMove, null);
  c.showPly(0);
  assert.equal(c.viewPly, 0);
  const shown = c.shownPosition();
  assert.deepEqual(shown.cells, start.cells);
  assert.equal(shown.lastMove, null);
  // Nothing is picked up while an earlier position is viewed.
  assert.equal(shown.cells.some((cell) => c.canSelect(cell.sq)), false);
  // The live game is unchanged.
  assert.equal(c.history.coord.length, 2);
  c.showPly(2);
  assert.equal(c.viewPly, null);
  assert.deepEqual(c.shownPosition().cells, live.cells);
  assert.equal(c.history.coord[1], m2);
  c.dispose();
});

test('a resignation ends the game with the moves kept; undo takes it back first', () => {
  const c = controller();
  const played = playSome(c, 1);
  c.end(resignation(1));
  assert.equal(c.liveStatus.over, true);
  assert.equal(c.liveStatus.winner, 0);
  assert.equal(c.canSelect(c.shownPosition().cells.find((cell) => cell.color === c.liveStatus.side)!.sq), false);
  c.undo();
  assert.equal(c.liveStatus.over, false);
  assert.deepEqual(c.history.coord, played);
  c.dispose();
});

test('a typed move is read as SAN or coordinates', () => {
  const c = controller();
  const m1 = firstMove(c);
  const r = Rules.create(c.variant.id, c.fen(), [m1]);
  const san = r.history().san[0]!;
  r.free();
  assert.equal(c.enterMove(san), true, c.message);
  assert.deepEqual(c.history.coord, [m1]);
  assert.equal(c.enterMove('not a move'), false);
  assert.notEqual(c.message, '');
  assert.deepEqual(c.history.coord, [m1]);
  c.dispose();
});

test('the game is saved as it changes and restored by the next controller', () => {
  const storage = memory();
  const c = controller(storage);
  const played = playSome(c, 3);
  assert.equal(c.saveProblem, null);
  c.dispose();
  const again = controller(storage);
  assert.deepEqual(again.history.coord, played);
  assert.equal(again.variant.id, variants[0]!.id);
  again.dispose();
});

test('a new game keeps the game before, and undo brings it back', () => {
  const c = controller(memory());
  const played = playSome(c, 2);
  c.newGame();
  assert.deepEqual(c.history.coord, []);
  assert.match(c.note, /The game before is kept/);
  assert.equal(c.canUndo, true);
  c.undo();
  assert.deepEqual(c.history.coord, played);
  c.dispose();
});

test('a record written by one controller is read back by another', () => {
  const c = controller();
  const played = playSome(c, 4);
  const text = c.exportText('san');
  const other = controller();
  other.importText(text);
  assert.equal(other.variant.id, c.variant.id);
  assert.deepEqual(other.history.coord, played);
  assert.equal(other.fen(), c.fen());
  c.dispose();
  other.dispose();
});

test('against the AI: it answers a move, and undo takes back its reply and the move', async () => {
  const c = againstAi();
  c.setMode('white-ai');
  assert.equal(c.humanSide(), 0);
  assert.equal(c.isAiTurn(1), true);
  const m1 = firstMove(c);
  assert.equal(c.play(m1), true, c.message);
  await until(c, () => c.history.coord.length === 2);
  assert.equal(c.history.coord[0], m1);
  assert.equal(c.aiChoice?.ply, 1);
  c.undo();
  assert.deepEqual(c.history.coord, []);
  assert.equal(c.canRedo, true);
  c.redo();
  assert.equal(c.history.coord.length, 2);
  assert.equal(c.history.coord[0], m1);
  c.dispose();
});

test("against the AI playing White: its opening move is not taken back alone", async () => {
  const c = againstAi();
  c.setMode('black-ai');
  assert.equal(c.humanSide(), 1);
  await until(c, () => c.history.coord.length === 1);
  assert.equal(c.orientation, 'black');
  c.undo();
  assert.equal(c.history.coord.length, 1);
  assert.equal(c.canRedo, false);
  c.dispose();
});

/** Jeson Mor as a player's own variant, its knights stepping `moves`: an id the page knows neither as built-in nor from a gallery. */
async function ownDefinition(moves: string): Promise<string> {
  const text = await readFile(new URL('../../../examples/variants/jeson-mor.toml', import.meta.url), 'utf8');
  return text.replace('id = "jeson-mor"', 'id = "own-steppers"').replace('name = "Jeson Mor"', 'name = "Own Steppers"').replace('moves = "N"', `moves = "${moves}"`);
}

test("a game of the player's own definition is saved with it, restored, resumed and its record read back", async () => {
  const storage = memory();
  const c = controller(storage);
  const [steppers, other] = [await ownDefinition('fWbF'), await ownDefinition('fWbFsW')];
  await c.openDefinition(steppers);
  const played = playSome(c, 2);
  assert.equal(c.saveProblem, null);
  const first = c.keeper.currentId!;
  c.dispose();

  // The next page goes on with it.
  const again = controller(storage);
  assert.equal(again.variant.id, 'own-steppers');
  assert.equal(again.definitionText, steppers);
  assert.deepEqual(again.history.coord, played);
  assert.equal(again.keeper.currentId, first);
  const entry = again.keeper.library!.get(first)!;
  assert.deepEqual(entry.definition, { name: 'Own Steppers', text: steppers });
  assert.ok(again.isOfLiveVariant(entry));

  // Another definition of the same id: its own game, not of the live variant's list.
  await again.openDefinition(other);
  const second = playSome(again, 1);
  assert.notEqual(again.keeper.currentId, first);
  assert.equal(again.isOfLiveVariant(entry), false);
  assert.equal(again.keeper.library!.list().length, 2);

  // The first one resumed from the list, with its own definition.
  again.resume(first);
  assert.equal(again.definitionText, steppers);
  assert.deepEqual(again.history.coord, played);
  const otherId = again.keeper.library!.list().find((e) => e.id !== first)!.id;
  const otherRecord = again.exportSaved(otherId, 'coord');
  assert.match(otherRecord, /\[Variant "own-steppers"\][\s\S]*1\. [a-i]\d[a-i]\d \*\n$/);
  assert.ok(otherRecord.includes(second[0]!));
  const record = again.exportSaved(first, 'san');

  // While a built-in variant is played, a record of it is read with the
  // definition of the latest saved game of its id (the record names it by id only).
  const reader = controller(storage);
  reader.newGame(variants[0]!.id);
  reader.importText(record);
  assert.equal(reader.variant.id, 'own-steppers');
  assert.deepEqual(reader.history.coord, played);
  assert.deepEqual(reader.pieces().map((p) => p.moves), ['fWbF']);
  again.dispose();
  reader.dispose();
});

test('a saved game whose definition no longer loads is kept as it is, unreadable, and the page starts afresh', async () => {
  const storage = memory();
  const c = controller(storage);
  await c.openDefinition(await ownDefinition('fWbF'));
  playSome(c, 2);
  c.dispose();
  const definitions = JSON.parse(storage.getItem('bigboard.definitions')!);
  const key = Object.keys(definitions.definitions)[0]!;
  definitions.definitions[key] = definitions.definitions[key].replace('moves = "fWbF"', 'moves = "fWbF!"');
  storage.setItem('bigboard.definitions', JSON.stringify(definitions));
  const list = storage.getItem('bigboard.games');
  const again = controller(storage);
  assert.match(again.message, /^The saved game could not be restored: .*It is kept as it is in Saved games\.$/);
  assert.equal(again.variant.id, variants[0]!.id);
  const [u] = again.keeper.library!.unreadable();
  const kept = JSON.parse(list!).games[0];
  assert.deepEqual(u?.raw, kept);
  playSome(again, 1);
  const games = JSON.parse(storage.getItem('bigboard.games')!).games;
  assert.equal(games.length, 2);
  assert.deepEqual(games.find((g: { id: string }) => g.id === kept.id), kept);
  assert.equal(JSON.parse(storage.getItem('bigboard.definitions')!).definitions[key], definitions.definitions[key], 'its definition is kept');
  again.dispose();
});

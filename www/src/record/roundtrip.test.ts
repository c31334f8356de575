// Records and links written from games of every variant read back to the
// same moves and position, with the real engine (the wasm module built by
// ./build.sh, loaded in Node).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, test } from 'node:test';
import { Rules, loadEngine, variantList } from '../engine/engine';
import type { VariantInfo } from '../engine/types';
import { playMoves } from './movetext';
import { linkFragment, readFragment } from './link';
import { parsePgn } from './pgn';
import { readRecord, recordText, type Notation } from './record';

let variants: VariantInfo[] = [];

before(async () => {
  const bytes = await readFile(new URL('../../pkg/bigboard_bg.wasm', import.meta.url)).catch(() => {
    throw new Error('www/pkg/bigboard_bg.wasm is missing: build the wasm first (./build.sh from the repository root)');
  });
  await loadEngine(await WebAssembly.compile(bytes));
  variants = variantList();
});

/** A game of `plies` moves picked by a fixed pseudo-random sequence (captures and promotions when offered, half the time). */
function playedGame(variant: string, fen: string | null, plies: number, seed: number): Rules {
  // A variant with random setups starts from the setup of the same seed: the test is the same every run.
  const random = fen === null && variants.find((v) => v.id === variant)?.random_setup === true;
  const rules = Rules.create(variant, fen, [], null, random ? seed : null);
  let x = seed;
  for (let i = 0; i < plies && !rules.status().over; i++) {
    const moves = rules.legalMoves();
    x = (x * 1103515245 + 12345) % 2147483648;
    const sharp = moves.filter((m) => m.capture || m.promotion !== null || m.from === m.to);
    const pool = sharp.length > 0 && x % 2 === 0 ? sharp : moves;
    rules.play(pool[x % pool.length]!.text);
  }
  return rules;
}

function setupOf(variant: string): string {
  const r = Rules.create(variant);
  const fen = r.startFen();
  r.free();
  return fen;
}

const players = { white: 'Ann', black: 'bigboard AI, level 3', date: new Date(2026, 2, 9) };

/** Writes `rules`' game in both notations and as a link, reads each back, and compares. */
function assertRoundTrip(rules: Rules, what: string): void {
  const id = rules.variant().id;
  const h = rules.history();
  const fen = rules.fen();
  for (const notation of ['san', 'coord'] as Notation[]) {
    const text = recordText(id, h, rules.status(), setupOf(id), notation, players);
    assert.deepEqual(parsePgn(text).moves, notation === 'san' ? h.san : h.coord, `${what}, ${notation}: the moves as written`);
    const back = readRecord(text, variants, 'xhess');
    assert.deepEqual(back.history().coord, h.coord, `${what}, ${notation}`);
    assert.equal(back.fen(), fen, `${what}, ${notation}`);
    back.free();
    // From the setup, the bare moves (no tags, numbers or result) in the current variant.
    if (h.start_fen === setupOf(id)) {
      const bare = readRecord((notation === 'san' ? h.san : h.coord).join(' '), variants, id);
      assert.equal(bare.fen(), fen, `${what}, ${notation}, bare moves`);
      bare.free();
    }
  }
  const linked = readFragment(linkFragment({ variant: id, fen: h.start_fen === setupOf(id) ? null : h.start_fen, moves: h.coord }));
  assert.ok(linked !== null);
  const opened = Rules.create(linked.variant, linked.fen);
  playMoves(opened, linked.moves);
  assert.equal(opened.fen(), fen, `${what}, link`);
  opened.free();
}

describe('records and links round-trip', () => {
  test('a game of 80 plies of every variant, from its setup and from a later position with Black to move', () => {
    const ids = [...new Set([...variants.map((v) => v.id), 'uc-170-17'])];
    assert.ok(ids.length >= 5);
    for (const id of ids) {
      const game = playedGame(id, null, 80, ids.indexOf(id) + 7);
      assert.ok(game.history().coord.length >= 20, `${id}: a game long enough to mean something`);
      assertRoundTrip(game, id);
      const later = playedGame(id, null, 7, 3);
      const fromLater = playedGame(id, later.fen(), 40, 11);
      assert.equal(fromLater.history().start_fen.split(' ')[1], 'b');
      assertRoundTrip(fromLater, `${id} from a position with Black to move`);
      for (const r of [game, later, fromLater]) r.free();
    }
  });

  test("special moves: the Rose's pass, castling, promotion choices", () => {
    const cases: [string, string | null, string[]][] = [
      ['really-big-board', '15k/16/16/16/16/16/16/16/16/16/16/16/K15/6P1P7/16/7O8 w - - 0 1', ['h1h1']],
      ['really-big-board', null, 'o1p3 a15a14 m2m4 b15b14 l1m2 c15c14 n1n3 d15d14 m1k3 e15e14 k1l4 f15f14 j1i3 g15g14 i1n1'.split(' ')],
      ['overboard', '15k/6P9/16/16/16/4P11/16/16/16/16/16/16/16/16/16/K15 w - - 0 1', ['e11e12=SQ', 'p16o16', 'g15g16=W']],
      ['overboard', '15k/6P9/16/16/16/4P11/16/16/16/16/16/16/16/16/16/K15 w - - 0 1', ['e11e12']],
    ];
    for (const [id, fen, moves] of cases) {
      const rules = Rules.create(id, fen);
      playMoves(rules, moves);
      assert.deepEqual(rules.history().coord, moves);
      assertRoundTrip(rules, `${id} ${moves.at(-1)}`);
      rules.free();
    }
  });

  test('a gallery variant: its record, by id or name, reads back with its definition; without it the id is unknown', async () => {
    const text = await readFile(new URL('../../../examples/variants/xiangqi.toml', import.meta.url), 'utf8');
    const gallery = [...variants, { id: 'xiangqi', name: 'Xiangqi' }];
    const definitionOf = (id: string) => (id === 'xiangqi' ? text : null);
    const game = Rules.create('xiangqi', null, [], text);
    let x = 5;
    for (let i = 0; i < 60 && !game.status().over; i++) {
      const moves = game.legalMoves();
      x = (x * 1103515245 + 12345) % 2147483648;
      game.play(moves[x % moves.length]!.text);
    }
    const h = game.history();
    assert.ok(h.coord.length >= 20);
    for (const notation of ['san', 'coord'] as Notation[]) {
      const record = recordText('xiangqi', h, game.status(), game.startFen(), notation, players);
      assert.match(record, /\[Variant "xiangqi"\]/);
      for (const tagged of [record, record.replace('[Variant "xiangqi"]', '[Variant "Xiangqi"]')]) {
        const back = readRecord(tagged, gallery, 'xhess', definitionOf);
        assert.equal(back.variant().id, 'xiangqi');
        assert.deepEqual(back.history().coord, h.coord, notation);
        assert.equal(back.fen(), game.fen(), notation);
        back.free();
      }
      assert.throws(() => readRecord(record, variants, 'xhess'), /xiangqi/);
    }
    game.free();
  });

  test('a record that cannot be played names the move and leaves nothing behind', () => {
    assert.throws(() => readRecord('[Variant "xhess"]\n\n1. b3b7 Zz9', variants, 'xhess'), /move 2 \(Zz9\): /);
    assert.throws(() => readRecord('[Variant "xhess"]\n\n1. b3b7 b3b7', variants, 'xhess'), /move 2 \(b3b7\): /);
    assert.throws(() => readRecord('[Variant "nowhere"]\n\n*', variants, 'xhess'), /nowhere/);
  });
});

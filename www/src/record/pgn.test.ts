import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PgnError, exportPgn, parsePgn, type GameRecord } from './pgn';

const game: GameRecord = {
  variant: 'xhess',
  fen: null,
  moves: ['e2e4', 'e9e7', 'f1c4', 'j9j8', 'e15e16=W'],
  result: '*',
};

describe('exportPgn', () => {
  test('tags, numbered moves and the result', () => {
    const text = exportPgn(game);
    assert.equal(text, '[Variant "xhess"]\n[Result "*"]\n\n1. e2e4 e9e7 2. f1c4 j9j8 3. e15e16=W *\n');
  });

  test('a FEN tag when the game starts elsewhere, numbering from its move and side', () => {
    const fen = 'k15/16/1QK13/16/16/16/16/16/16/16/16/16/16/16/16/16 b - - 0 7';
    const text = exportPgn({ variant: 'really-big-board', fen, moves: ['a16a15', 'b14b15'], result: '1-0' }, true, 7);
    assert.match(text, /\[FEN "k15\/16\/1QK13/);
    assert.match(text, /\n7\.\.\. a16a15 8\. b14b15 1-0\n$/);
  });

  test('long games wrap at 80 characters', () => {
    const moves = Array.from({ length: 120 }, (_, i) => (i % 2 === 0 ? 'a2a3' : 'a7a6'));
    const text = exportPgn({ ...game, moves });
    for (const line of text.split('\n')) assert.ok(line.length <= 80, line);
  });
});

describe('parsePgn', () => {
  test('round trip', () => {
    for (const rec of [
      game,
      { variant: 'flee', fen: '4k11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K11 w - - 0 1', moves: [], result: '1/2-1/2' as const },
      { variant: 'overboard', fen: null, moves: Array.from({ length: 101 }, () => 'a2a3'), result: '0-1' as const },
    ]) {
      assert.deepEqual(parsePgn(exportPgn(rec)), rec);
    }
  });

  test('escapes in tag values', () => {
    const text = exportPgn({ ...game, variant: 'my "odd" \\ name' });
    assert.equal(parsePgn(text).variant, 'my "odd" \\ name');
  });

  test('moves without tags, numbers attached, comments and NAGs', () => {
    const rec = parsePgn('1.e2e4 {a comment} e9e7 $1\n2...f1c4 ; to the end of line\n');
    assert.deepEqual(rec, { variant: null, fen: null, moves: ['e2e4', 'e9e7', 'f1c4'], result: '*' });
  });

  test('the Result tag when the moves end without one', () => {
    assert.equal(parsePgn('[Variant "xhess"]\n[Result "1-0"]\n\n1. e2e4').result, '1-0');
  });

  test('a turn with drops is one move, in SAN and in coordinates', () => {
    const rec = parsePgn('1. Kd2 R@a1 P@h2+ Kd7 2. e1d1+@a1+@h2 Kc7 AK@b2 *');
    assert.deepEqual(rec.moves, ['Kd2 R@a1 P@h2+', 'Kd7', 'e1d1+@a1+@h2', 'Kc7 AK@b2']);
    const turns = { variant: 'uc-170-17', fen: null, moves: ['Kd2 R@a1 P@h2', 'Kd7'], result: '*' as const };
    assert.deepEqual(parsePgn(exportPgn(turns)), turns);
  });

  test('CRLF line ends', () => {
    assert.deepEqual(parsePgn('[Variant "xhess"]\r\n\r\n1. e2e4 *\r\n').moves, ['e2e4']);
  });

  test('SAN and coordinates as written, with or without numbers, comments, variations and result', () => {
    const texts = [
      '1. He5 He6 2. Nxc3+ Qa21a22#',
      'He5 He6 Nxc3+ Qa21a22#',
      '1.He5 {a long\ncomment} He6 $14 (1... Ne6 2. Nc3 (2. d4)) 2 Nxc3+! ; a line comment\nQa21a22#?? 1-0',
      '1. He5 1... He6\n%escaped line\n2. Nxc3+ 2... Qa21a22# *',
    ];
    for (const text of texts) assert.deepEqual(parsePgn(text).moves, ['He5', 'He6', 'Nxc3+', 'Qa21a22#'], text);
    assert.deepEqual(parsePgn('1. e2-e4 e9e7 ½-½').moves, ['e2-e4', 'e9e7']);
    assert.equal(parsePgn('1. e2-e4 e9e7 ½-½').result, '1/2-1/2');
  });

  test('tags before the Variant tag, and SetUp with a FEN', () => {
    const fen = '4k11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K11 w - - 0 1';
    const text = exportPgn({ variant: 'flee', fen, moves: ['Ke2'], result: '*' }, false, 1, [['Event', 'Casual game'], ['White', 'Ann']]);
    assert.equal(text, `[Event "Casual game"]\n[White "Ann"]\n[Variant "flee"]\n[SetUp "1"]\n[FEN "${fen}"]\n[Result "*"]\n\n1. Ke2 *\n`);
    assert.deepEqual(parsePgn(text), { variant: 'flee', fen, moves: ['Ke2'], result: '*' });
  });

  test('bad input throws PgnError saying where', () => {
    const cases: [string, RegExp][] = [
      ['[Variant xhess]\n1. e2e4', /line 1: cannot read the tag/],
      ['1. e2e4 {no end', /comment '\{' is never closed/],
      ['1. e2e4 (1. d2d4', /variation '\(' is never closed/],
      ['1. e2e4 d2d4)', /'\)' closes no variation/],
      ['1. e2e4 }', /'\}' closes no comment/],
      ['1. e2e4 1-0 e7e5', /text after the result 1-0/],
      ['[Result "2-0"]\n1. e2e4', /unknown result '2-0'/],
      [`1. ${'x'.repeat(50)}`, /move 1: 'x{20}…' is too long/],
    ];
    for (const [text, message] of cases) {
      assert.throws(() => parsePgn(text), (e: unknown) => e instanceof PgnError && message.test(e.message), text);
    }
  });

  test('empty text is an empty game', () => {
    assert.deepEqual(parsePgn(''), { variant: null, fen: null, moves: [], result: '*' });
  });
});

test('a Seed tag is read as a whole number; anything else is left out', () => {
  assert.equal(parsePgn('[Variant "uc-170-17"]\n[Seed "42"]\n\n1. e1d2+@a1 *').seed, 42);
  assert.equal(parsePgn('[Variant "uc-170-17"]\n[Seed "4.2"]\n\n*').seed, undefined);
  assert.equal(parsePgn('[Variant "xhess"]\n\n*').seed, undefined);
});

test('a long piece code in a move is no comment: a drop\'s (+{AK}@f2) and a promotion\'s (={AM})', () => {
  const rec = parsePgn('[Variant "uc-170-17"]\n\n1. e1d2+{PNP}@g2 {a comment} e7e8={AM} 2. a1b1+@g2+{AK}@f2 *');
  assert.deepEqual(rec.moves, ['e1d2+{PNP}@g2', 'e7e8={AM}', 'a1b1+@g2+{AK}@f2']);
  assert.deepEqual(parsePgn('1. e2e4 {+ not a code} e7e5 *').moves, ['e2e4', 'e7e5']);
});

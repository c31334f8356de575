import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeMessage, newGameId, readMessage, PROTOCOL, type Message } from './message';

const game: Message = {
  t: 'game',
  v: PROTOCOL,
  id: 'a1b2c3',
  variant: 'uc-170-17',
  definition: null,
  fen: null,
  seed: 42,
  moves: ['e1d2+@a1+@h2', 'c6d5'],
  side: 1,
  clock: { baseMs: 300000, incMs: 3000 },
};

test('every kind of message reads back as it was sent', () => {
  const all: Message[] = [
    game,
    { ...game, variant: 'my-variant', definition: '[variant]\nid = "my-variant"\n', fen: '8/8 w - - 0 1', seed: null, clock: null, side: 0 },
    { t: 'ready', moves: [] },
    { t: 'move', ply: 3, move: 'e2e4' },
    { t: 'resign' },
    { t: 'flag', ply: 0 },
    { t: 'flag', ply: 37 },
    { t: 'offer', what: 'draw', ply: 10 },
    { t: 'offer', what: 'takeback', ply: 1 },
    { t: 'answer', what: 'takeback', accept: false, ply: 1 },
    { t: 'chat', text: '<b>hi</b> & bye' },
  ];
  for (const m of all) assert.deepEqual(readMessage(encodeMessage(m)), { message: m });
});

test('fields beyond the known ones are dropped', () => {
  const r = readMessage(JSON.stringify({ t: 'move', ply: 0, move: 'e2e4', html: '<img onerror=x>' }));
  assert.deepEqual(r, { message: { t: 'move', ply: 0, move: 'e2e4' } });
  // A flag says nothing of whose it is or of the time left: the sender's own side, at zero.
  assert.deepEqual(readMessage(JSON.stringify({ t: 'flag', ply: 4, side: 1, winner: 0 })), { message: { t: 'flag', ply: 4 } });
});

function refused(text: unknown, pattern: RegExp): void {
  const r = readMessage(text);
  assert.ok('error' in r, `accepted: ${JSON.stringify(text)}`);
  assert.match(r.error, pattern);
}

test('malformed messages are refused with what is wrong', () => {
  refused(42, /not text/);
  refused('not json {', /not JSON.*not json/);
  refused('[1,2]', /not an object/);
  refused('null', /not an object/);
  refused('{"t":"castle"}', /unknown kind "castle"/);
  refused('{}', /unknown kind \(none\)/);
  refused(JSON.stringify({ t: 'move', ply: -1, move: 'e2e4' }), /"move" message.*"ply"/);
  refused(JSON.stringify({ t: 'move', ply: 1.5, move: 'e2e4' }), /"ply"/);
  refused(JSON.stringify({ t: 'move', ply: 0, move: 'e2 e4' }), /not a move's text/);
  refused(JSON.stringify({ t: 'move', ply: 0, move: '' }), /not a move's text/);
  refused(JSON.stringify({ t: 'move', ply: 0, move: 'e2e4<img>' }), /not a move's text/);
  refused(JSON.stringify({ t: 'move', ply: 0, move: 'e2"e4' }), /not a move's text/);
  refused(JSON.stringify({ t: 'move', ply: 0, move: 'x'.repeat(201) }), /not a move's text/);
  refused(JSON.stringify({ t: 'move', ply: 0 }), /not a move's text/);
  refused(JSON.stringify({ t: 'flag' }), /"flag" message.*"ply" is not a whole number/);
  refused(JSON.stringify({ t: 'flag', ply: -1 }), /"flag" message.*"ply"/);
  refused(JSON.stringify({ t: 'flag', ply: 2.5 }), /"flag" message.*"ply"/);
  refused(JSON.stringify({ t: 'flag', ply: '3' }), /"flag" message.*"ply"/);
  refused(JSON.stringify({ t: 'flag', ply: 5001 }), /"flag" message.*"ply" is not a whole number from 0 to 5000/);
  refused(JSON.stringify({ t: 'flag', ply: null }), /"flag" message.*"ply"/);
  refused(JSON.stringify({ t: 'offer', what: 'abort', ply: 0 }), /neither "draw" nor "takeback"/);
  refused(JSON.stringify({ t: 'answer', what: 'draw', accept: 'yes', ply: 0 }), /"accept" is not true or false/);
  refused(JSON.stringify({ t: 'chat', text: 'x'.repeat(501) }), /longer than 500/);
  refused(JSON.stringify({ t: 'ready', moves: 'e2e4' }), /not a list/);
  refused(JSON.stringify({ t: 'ready', moves: ['e2e4', 7] }), /move 2 is not a move's text/);
  refused(JSON.stringify({ ...game, v: 2 }), /version 2.*version 1/);
  refused(JSON.stringify({ ...game, id: '../x' }), /not a game id/);
  refused(JSON.stringify({ ...game, variant: '' }), /no variant/);
  refused(JSON.stringify({ ...game, side: 2 }), /"side"/);
  refused(JSON.stringify({ ...game, seed: 'x' }), /"seed"/);
  refused(JSON.stringify({ ...game, clock: { baseMs: 5, incMs: 0 } }), /"baseMs"/);
  refused(JSON.stringify({ ...game, clock: [1, 2] }), /not a time control/);
  refused('x'.repeat(300 * 1024), /at most/);
});

test('game ids are new each time and URL-safe', () => {
  const a = newGameId();
  const b = newGameId();
  assert.notEqual(a, b);
  assert.match(a, /^[0-9a-f]{18}$/);
  assert.ok('message' in readMessage(JSON.stringify({ ...game, id: a })));
});

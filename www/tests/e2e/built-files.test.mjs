// The built files themselves, in Node (no browser): each shipped script
// and the offline page start with the licence notice, and the raw wasm API
// that page scripts may load themselves (pkg/bigboard.js, through the glue
// wasm-bindgen wrote) refuses arguments of the wrong type with a TypeError
// instead of trapping inside wasm.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { DIST, WWW } from './support.mjs';

const NOTICE = 'bigboard | Copyright (c) 2026 the bigboard authors | MIT OR Apache-2.0';
const ROOT = join(WWW, '..');

test('every shipped script and the offline page begin with the licence notice', async () => {
  for (const file of [join(DIST, 'bigboard-embed.js'), join(DIST, 'worker.js'), join(DIST, 'main.js'), join(DIST, 'sw.js'), join(WWW, 'pkg/bigboard.js')]) {
    const first = (await readFile(file, 'utf8')).split('\n', 1)[0];
    assert.equal(first, `/*! ${NOTICE} */`, file);
  }
  const html = await readFile(join(DIST, 'bigboard.html'), 'utf8');
  assert.ok(html.startsWith(`<!-- ${NOTICE} -->\n<!doctype html>`), html.slice(0, 120));
  const pkg = JSON.parse(await readFile(join(WWW, 'package.json'), 'utf8'));
  assert.equal(pkg.license, 'MIT OR Apache-2.0');
  assert.match(await readFile(join(ROOT, 'Cargo.toml'), 'utf8'), /^license = "MIT OR Apache-2\.0"$/m);
  assert.match(await readFile(join(ROOT, 'LICENSE-MIT'), 'utf8'), /^Copyright \(c\) 2026 the bigboard authors$/m);
  assert.match(await readFile(join(ROOT, 'LICENSE-APACHE'), 'utf8'), /Apache License\s+Version 2\.0, January 2004/);
});

test('the raw wasm API: a non-string argument is a TypeError naming it, and the game goes on', async () => {
  const wasm = await import(pathToFileURL(join(WWW, 'pkg/bigboard.js')).href);
  await wasm.default({ module_or_path: await readFile(join(WWW, 'pkg/bigboard_bg.wasm')) });
  const typeError = (f, name) =>
    assert.throws(f, (e) => e instanceof TypeError && e.message.includes(name) && /must be a string/.test(e.message), name);
  typeError(() => new wasm.Game(123), 'variant');
  typeError(() => new wasm.Game('xhess', 7), 'definition');
  typeError(() => new wasm.Game('xhess', null, {}), 'fen');
  typeError(() => wasm.checkDefinition(123), 'text');
  const game = new wasm.Game('xhess');
  const start = game.fen();
  typeError(() => game.play(null), 'Game.play: text');
  typeError(() => game.play({}), 'Game.play: text');
  typeError(() => game.moveFromSan(42), 'Game.moveFromSan: text');
  assert.equal(game.fen(), start);
  // Still usable: a move, and a SAN read back to its coordinates.
  game.play('e4e5');
  const san = game.history().san[0];
  game.undo();
  assert.equal(game.moveFromSan(san), 'e4e5');
  // An engine error stays an Error with the engine's message.
  assert.throws(() => game.play('zz99'), (e) => e instanceof Error && !(e instanceof TypeError) && /zz99/.test(e.message));
  game.free();
});

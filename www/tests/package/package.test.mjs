// The npm package (docs/npm-package.md) as a user gets it: built, packed
// with npm pack, installed from the tarball into a scratch project in a
// temporary directory (offline: it has no dependencies), then used from
// Node (every built-in's legal moves against tests/data/perft, play and
// undo, perft(2) of Xhess, a search in a worker with progress reports, the
// type declarations) and from a page bundled by esbuild in headless
// Chromium (the engine API, a search in a Web Worker, and a
// <bigboard-game> that shows a board and plays a clicked move).
// Needs the wasm built (www/pkg/, ./build.sh); run from www/:
// `node --test tests/package/`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import * as esbuild from 'esbuild';
import { WWW, launch, serve } from '../e2e/support.mjs';

const PACKAGE = join(WWW, 'package');
const PERFT = join(WWW, '../tests/data/perft');
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

let scratch;
let packed;

before(async () => {
  execFileSync(process.execPath, [join(PACKAGE, 'build.mjs')], { stdio: 'inherit' });
  scratch = await mkdtemp(join(tmpdir(), 'bigboard-package-'));
  [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', scratch], PACKAGE));
  const app = join(scratch, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  npm(['install', join(scratch, packed.filename), '--no-audit', '--no-fund', '--offline'], app);
});

after(async () => {
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
});

test('the tarball holds the package files and nothing for development', () => {
  const files = packed.files.map((f) => f.path).sort();
  for (const f of ['package.json', 'README.md', 'LICENSE-MIT', 'LICENSE-APACHE', 'dist/index.js', 'dist/node.js', 'dist/node-worker.js', 'dist/element.js', 'dist/worker.js', 'dist/bigboard_bg.wasm', 'types/package/index.d.ts', 'types/package/element.d.ts']) {
    assert.ok(files.includes(f), `${f} is missing from the tarball: ${files.join(', ')}`);
  }
  for (const f of files) {
    assert.ok(!/(^|\/)(src|tests?|node_modules)\/|build\.mjs$|tsconfig\.json$|\.map$|\.ts$(?<!\.d\.ts$)/.test(f), `${f} is a development file`);
  }
  const manifest = JSON.parse(execFileSync('node', ['-p', 'JSON.stringify(require("./package.json"))'], { cwd: PACKAGE, encoding: 'utf8' }));
  assert.deepEqual(Object.keys(manifest.dependencies ?? {}), [], 'the package has no runtime dependencies');
});

/** The first position of each built-in's perft file: its FEN, moves and D1 (and D2). */
async function firstPerftLines() {
  const out = {};
  for (const file of (await readdir(PERFT)).filter((f) => f.endsWith('.epd'))) {
    const line = (await readFile(join(PERFT, file), 'utf8')).split('\n').find((l) => l.trim() !== '' && !l.startsWith('#'));
    const fields = line.split(';').map((f) => f.trim());
    const count = (d) => Number(fields.find((f) => f.startsWith(`${d} `))?.slice(d.length + 1));
    out[file.replace(/\.epd$/, '')] = { fen: fields[1], moves: fields[2] === '-' ? [] : fields[2].split(/\s+/), d1: count('D1'), d2: count('D2') };
  }
  return out;
}

test('from Node: every built-in, play and undo, perft, a search in a worker, the types', async () => {
  const app = join(scratch, 'app');
  await writeFile(join(app, 'perft.json'), JSON.stringify(await firstPerftLines()));
  await writeFile(
    join(app, 'node-use.mjs'),
    `import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Board, Search, init, variants } from 'bigboard';
const perft = JSON.parse(readFileSync('perft.json', 'utf8'));
await init();
const ids = variants().map((v) => v.id);
assert.ok(ids.length >= 5, 'built-ins: ' + ids.join(', '));
for (const id of ids) {
  const known = perft[id];
  assert.ok(known !== undefined, 'no perft file for ' + id);
  const board = new Board(id, { fen: known.fen, moves: known.moves });
  const moves = board.legalMoves();
  assert.equal(moves.length, known.d1, id + ': legal moves');
  assert.ok(moves.every((m) => m.san.length > 0 && m.text.length > 0), id + ': every move has its SAN');
  const fen = board.fen();
  for (const m of moves.slice(0, 8)) {
    board.play(m.san);
    assert.notEqual(board.fen(), fen, id + ': ' + m.san + ' changes the position');
    assert.ok(board.undo());
    assert.equal(board.fen(), fen, id + ': undoing ' + m.san + ' restores the position text');
  }
  board.free();
}
const xhess = new Board('xhess');
assert.equal(xhess.perft(2), perft.xhess.d2, 'xhess perft(2)');
const reports = [];
const search = new Search();
const choice = await search.search(xhess, { level: 1, timeMs: 300, onProgress: (p) => reports.push(p) });
search.close();
assert.ok(reports.length > 0 && reports.every((p) => p.depth > 0 && Array.isArray(p.pv)), 'progress reported');
assert.ok(xhess.legalMoves().some((m) => m.text === choice.best), 'the search chose a legal move: ' + choice.best);
assert.throws(() => new Board('no-such-variant'), /no-such-variant/);
console.log(JSON.stringify({ ids, best: choice.best, depths: reports.map((p) => p.depth) }));
`,
  );
  const out = execFileSync(process.execPath, ['node-use.mjs'], { cwd: app, encoding: 'utf8', timeout: 60000 });
  const result = JSON.parse(out.trim().split('\n').at(-1));
  assert.ok(result.ids.includes('xhess'));

  // The declarations: a TypeScript user's code type-checks against them.
  await writeFile(
    join(app, 'use.ts'),
    `import { Board, Search, init, variants, type LegalMove, type SearchProgress } from 'bigboard';
import { defineBigboardGame } from 'bigboard/element';
await init();
const board: Board = new Board(variants()[0].id, { fen: undefined });
const moves: LegalMove[] = board.legalMoves();
const log = (p: SearchProgress): void => console.log(p.depth, p.score_cp, p.pv.join(' '));
const choice = await new Search().search(board, { level: 2, onProgress: log });
console.log(moves[0].san, choice?.best, board.perft(1));
defineBigboardGame();
`,
  );
  await writeFile(
    join(app, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', lib: ['ES2022', 'DOM'], types: [], strict: true, noEmit: true }, files: ['use.ts'] }),
  );
  execFileSync(process.execPath, [join(WWW, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: app, stdio: 'inherit' });
});

test('from a page bundled by esbuild: the engine, a search in a Web Worker, and <bigboard-game> playing a move', async (t) => {
  const app = join(scratch, 'app');
  const site = join(scratch, 'site');
  await mkdir(site);
  await writeFile(
    join(app, 'page.js'),
    `import { Board, Search, init } from 'bigboard';
import 'bigboard/element';
window.engineCheck = (async () => {
  await init();
  const board = new Board('xhess');
  const count = board.legalMoves().length;
  const reports = [];
  const choice = await new Search().search(board, { level: 1, timeMs: 300, onProgress: (p) => reports.push(p.depth) });
  return { count, best: choice.best, reports: reports.length, legal: board.legalMoves().some((m) => m.text === choice.best) };
})();
`,
  );
  await esbuild.build({ absWorkingDir: app, entryPoints: ['page.js'], bundle: true, format: 'esm', platform: 'browser', outfile: join(site, 'page.js'), logLevel: 'warning' });
  // esbuild leaves new URL(..., import.meta.url) alone: the two files go beside the bundle (docs/npm-package.md).
  for (const f of ['bigboard_bg.wasm', 'worker.js']) await copyFile(join(app, 'node_modules/bigboard/dist', f), join(site, f));
  await writeFile(
    join(site, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>bigboard package</title><link rel="icon" href="data:,"><script type="module" src="page.js"></script><bigboard-game id="g" variant="xhess"></bigboard-game>',
  );
  const server = await serve(site);
  const browser = await launch();
  t.after(async () => {
    await browser.close();
    await server.close();
  });
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  await page.goto(`${server.url}index.html`);

  const engine = await page.evaluate(() => window.engineCheck);
  assert.equal(engine.count, 80, 'xhess legal moves in the browser');
  assert.ok(engine.reports > 0 && engine.legal, `the browser search chose a legal move with progress: ${JSON.stringify(engine)}`);

  await page.waitForFunction(() => document.getElementById('g')?.fen?.() !== '', null, { timeout: 15000 });
  const drawn = await page.evaluate(() => {
    const c = document.getElementById('g').shadowRoot.querySelector('canvas');
    return c !== null && c.width > 0 && c.height > 0;
  });
  assert.ok(drawn, 'the element shows a board');
  for (const sq of ['a1', 'a2']) {
    const p = await page.evaluate((n) => document.getElementById('g').squareCenter(n), sq);
    assert.ok(p !== null, `no square ${sq}`);
    await page.mouse.click(p.x, p.y);
  }
  await page.waitForFunction(() => document.getElementById('g').history()?.coord.length === 1, null, { timeout: 5000 });
  assert.deepEqual(await page.evaluate(() => document.getElementById('g').history().coord), ['a1a2']);
  assert.deepEqual(errors, []);
});

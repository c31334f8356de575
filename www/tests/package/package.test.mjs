// The npm package (docs/npm-package.md) as a user gets it: built, packed
// with npm pack, installed from the tarball into a scratch project in a
// temporary directory (offline: it has no dependencies), then used from
// Node (every built-in's legal moves against tests/data/perft, play and
// undo, perft(2) of Xhess, a search in a worker with progress reports, the
// type declarations; 'bigboard/import' converting sections of
// Fairy-Stockfish's example variants.ini and a Diagram block, the converted
// variant played and its perft compared with Fairy-Stockfish's counts in
// tests/data/fsf/import-perft.txt) and from a page bundled by esbuild in
// headless Chromium (the engine API, a search in a Web Worker, a variant
// imported and played, and a <bigboard-game> that shows a board and plays
// a clicked move).
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
const FSF_DATA = join(WWW, '../tests/data/fsf');
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
  for (const f of ['package.json', 'README.md', 'LICENSE-MIT', 'LICENSE-APACHE', 'dist/index.js', 'dist/node.js', 'dist/node-worker.js', 'dist/element.js', 'dist/worker.js', 'dist/bigboard_bg.wasm', 'dist/import.js', 'dist/node-import.js', 'dist/bigboard_import_bg.wasm', 'types/package/index.d.ts', 'types/package/element.d.ts', 'types/package/import.d.ts']) {
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

/** The section `name` of Fairy-Stockfish's example file (tests/data/fsf/variants.ini), from its header to the next one. */
async function fsfSection(name) {
  const lines = (await readFile(join(FSF_DATA, 'variants.ini'), 'utf8')).split('\n');
  const at = lines.findIndex((l) => l.startsWith(`[${name}]`) || l.startsWith(`[${name}:`));
  assert.ok(at >= 0, `no section [${name}]`);
  let end = at + 1;
  while (end < lines.length && !lines[end].startsWith('[')) end++;
  return lines.slice(at, end).join('\n');
}

/** Fairy-Stockfish's perft counts for section `name` (tests/data/fsf/import-perft.txt): `{ depth, nodes, moves }` each. */
async function fsfPerft(name) {
  const lines = (await readFile(join(FSF_DATA, 'import-perft.txt'), 'utf8')).split('\n');
  return lines
    .filter((l) => l.startsWith(`${name} `))
    .map((l) => {
      const [head, moves] = l.split(';').map((f) => f.trim());
      const [, depth, nodes] = head.split(/\s+/).map(Number);
      return { depth, nodes, moves: moves === '-' ? [] : moves.split(/\s+/) };
    });
}

/** A Diagram block as it stands in a page's source (as tests/e2e/import.test.mjs pastes it). */
const DIAGRAM = `<div class="idiagram">
files=5
ranks=5
promoZone=1
promoChoice=QR
satellite=tiny
pawn:P::p:a2,b2,c2,d2,e2
rook:R::r:a1,e1
queen:Q::q:d1
king:K::k:c1
</div>`;

test('from Node: bigboard/import converts variants.ini sections and a Diagram block; the converted variant plays and agrees with Fairy-Stockfish', async () => {
  const app = join(scratch, 'app');
  const orda = await fsfSection('orda');
  const startFen = /^startFen\s*=\s*(\S+)/m.exec(orda)[1];
  const perft = await fsfPerft('orda');
  assert.ok(perft.some((p) => p.depth === 3 && p.moves.length === 0), 'Fairy-Stockfish perft 3 of orda from the start is recorded');
  await writeFile(join(app, 'variants.ini'), `${orda}\n${await fsfSection('tictactoe')}\n`);
  await writeFile(join(app, 'import.json'), JSON.stringify({ startFen, perft, diagram: DIAGRAM }));
  await writeFile(
    join(app, 'import-use.mjs'),
    `import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Board } from 'bigboard';
import { importVariants, initImport } from 'bigboard/import';
const { startFen, perft, diagram } = JSON.parse(readFileSync('import.json', 'utf8'));

// An import module given that is not one: rejected with the reason; the next call loads the package's own.
await assert.rejects(initImport(new Uint8Array([0, 97, 115, 109])), /^Error: bigboard: the import module could not be loaded \\(/);
// No init(): importVariants loads the engine and the import module itself.
const got = await importVariants(readFileSync('variants.ini', 'utf8'));
assert.equal(got.format, 'fsf');
assert.deepEqual(got.variants.map((v) => v.id), ['orda']);
assert.equal(got.refusals.length, 1, got.refusals.join(' | '));
assert.match(got.refusals[0], /^\\[tictactoe\\] line \\d+: connectN: '3': connecting men in a line: no such rule in bigboard$/);

const { id, toml } = got.variants[0];
const board = new Board(id, { definition: toml });
assert.equal(board.variant().id, 'orda');
assert.equal(board.fen().split(' ')[0], startFen, 'the start is the section startFen');
// Fairy-Stockfish's counts, from the start and after random games' moves.
for (const p of perft) {
  const at = new Board(id, { definition: toml, moves: p.moves });
  assert.equal(at.perft(p.depth), p.nodes, 'orda perft ' + p.depth + ' after ' + p.moves.length + ' moves');
  at.free();
}
const fen = board.fen();
board.play('e4');
board.play('He7');
assert.deepEqual(board.moves(), ['e2e4', 'g8e7']);
assert.ok(board.undo() && board.undo());
assert.equal(board.fen(), fen);
board.free();

// A Diagram block: one definition. White's moves counted by hand: each
// pawn one step (their double steps and captures blocked by Black's pawns
// on the fourth rank), Ra1-b1 and Kc1-b1; the queen and the other rook are
// boxed in. 7.
const diagramGot = await importVariants(diagram);
assert.equal(diagramGot.format, 'diagram');
assert.deepEqual(diagramGot.refusals, []);
assert.deepEqual(diagramGot.variants.map((v) => v.id), ['imported-diagram']);
const small = new Board('imported-diagram', { definition: diagramGot.variants[0].toml });
assert.equal(small.fen().split(' ')[0], 'r1kqr/ppppp/5/PPPPP/R1KQR');
assert.deepEqual(small.legalMoves().map((m) => m.text).sort(), ['a1b1', 'a2a3', 'b2b3', 'c1b1', 'c2c3', 'd2d3', 'e2e3']);
small.free();

// A Diagram block's bad line is refused with its line and key.
const bad = await importVariants(diagram.replace('ranks=5', 'ranks=many'));
assert.deepEqual(bad.variants, []);
assert.match(bad.refusals[0], /^line 3: ranks: /);
// Neither format: rejected with the reason.
await assert.rejects(importVariants('just some words'), /neither a Fairy-Stockfish variants\\.ini section .* nor an Interactive Diagram block/);
console.log(JSON.stringify({ converted: got.variants.length, perft: perft.length }));
`,
  );
  const out = execFileSync(process.execPath, ['import-use.mjs'], { cwd: app, encoding: 'utf8', timeout: 60000 });
  assert.deepEqual(JSON.parse(out.trim().split('\n').at(-1)), { converted: 1, perft: perft.length });
});

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
import { importVariants, initImport, type ImportResult, type ImportedVariant } from 'bigboard/import';
await init();
await initImport();
const imported: ImportResult = await importVariants('[tiny:chess]\\nmaxFile = 4\\n');
const first: ImportedVariant | undefined = imported.variants[0];
const refusals: readonly string[] = imported.refusals;
console.log(imported.format, first?.id, first?.toml.length, refusals.length);
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

test('from a page bundled by esbuild: the engine, a search in a Web Worker, an imported variant, and <bigboard-game> playing a move', async (t) => {
  const app = join(scratch, 'app');
  const site = join(scratch, 'site');
  await mkdir(site);
  const orda = await fsfSection('orda');
  await writeFile(
    join(app, 'page.js'),
    `import { Board, Search, init } from 'bigboard';
import { importVariants } from 'bigboard/import';
import 'bigboard/element';
window.engineCheck = (async () => {
  await init();
  const board = new Board('xhess');
  const count = board.legalMoves().length;
  const reports = [];
  const choice = await new Search().search(board, { level: 1, timeMs: 300, onProgress: (p) => reports.push(p.depth) });
  return { count, best: choice.best, reports: reports.length, legal: board.legalMoves().some((m) => m.text === choice.best) };
})();
window.importCheck = (async () => {
  const got = await importVariants(${JSON.stringify(orda)});
  const { id, toml } = got.variants[0];
  const board = new Board(id, { definition: toml });
  return { ids: got.variants.map((v) => v.id), refusals: got.refusals, fen: board.fen(), perft3: board.perft(3) };
})();
`,
  );
  await esbuild.build({ absWorkingDir: app, entryPoints: ['page.js'], bundle: true, format: 'esm', platform: 'browser', outfile: join(site, 'page.js'), logLevel: 'warning' });
  // esbuild leaves new URL(..., import.meta.url) alone: the wasm modules and the worker go beside the bundle (docs/npm-package.md).
  for (const f of ['bigboard_bg.wasm', 'bigboard_import_bg.wasm', 'worker.js']) await copyFile(join(app, 'node_modules/bigboard/dist', f), join(site, f));
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
  const imported = await page.evaluate(() => window.importCheck);
  assert.deepEqual(imported.ids, ['orda']);
  assert.deepEqual(imported.refusals, []);
  assert.equal(imported.fen.split(' ')[0], /^startFen\s*=\s*(\S+)/m.exec(orda)[1]);
  const start3 = (await fsfPerft('orda')).find((p) => p.depth === 3 && p.moves.length === 0);
  assert.equal(imported.perft3, start3.nodes, "orda perft 3 in the browser, against Fairy-Stockfish's count");

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

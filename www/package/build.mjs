// Builds the npm package 'bigboard' in www/package/ (docs/npm-package.md):
// the engine API for browsers (dist/index.js, with the search worker
// dist/worker.js) and for Node (dist/node.js, dist/node-worker.js), the
// <bigboard-game> element (dist/element.js), the importers
// ('bigboard/import': dist/import.js, dist/node-import.js), the two wasm
// modules, and the type declarations (types/). Run from anywhere after the wasm is built
// (./build.sh): `node www/package/build.mjs`; then `npm pack` in
// www/package/ makes the tarball.
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const www = join(here, '..');
const root = join(www, '..');

const NOTICE = '/*! bigboard | Copyright (c) 2026 the bigboard authors | MIT OR Apache-2.0 */';

/** The declaration files the package's entry points need (the rest of the page's sources stay out). */
const TYPES = [
  'package/index.d.ts',
  'package/api.d.ts',
  'package/search.d.ts',
  'package/element.d.ts',
  'package/import.d.ts',
  'package/importing.d.ts',
  'engine/types.d.ts',
  'engine/importer.d.ts',
];

async function exists(path) {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function build() {
  if (!(await exists(join(www, 'pkg/bigboard.js'))) || !(await exists(join(www, 'pkg/bigboard_bg.wasm')))) {
    throw new Error('www/pkg/ is missing: build the wasm first (./build.sh from the repository root)');
  }
  if (!(await exists(join(www, 'pkg/bigboard_import.js'))) || !(await exists(join(www, 'pkg/bigboard_import_bg.wasm')))) {
    throw new Error('www/pkg/ has no import module: build the wasm first (./build.sh from the repository root)');
  }
  for (const dir of ['dist', 'types', 'types-all']) await rm(join(here, dir), { recursive: true, force: true });
  const common = {
    absWorkingDir: www,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    alias: { 'bigboard-wasm': './pkg/bigboard.js', 'bigboard-import': './pkg/bigboard_import.js' },
    logLevel: 'warning',
    legalComments: 'none',
    banner: { js: NOTICE },
    outdir: join(here, 'dist'),
  };
  // The engine API, the element and the importers share one chunk with the
  // play module's glue, so a page using them loads and instantiates the
  // module once (and the importers check their definitions with it).
  await esbuild.build({
    ...common,
    entryPoints: { index: 'src/package/index.ts', element: 'src/package/element.ts', import: 'src/package/import.ts' },
    platform: 'browser',
    splitting: true,
    chunkNames: '[name]-[hash]',
  });
  // The worker stands alone: a page copies it beside its bundle (docs/npm-package.md).
  await esbuild.build({ ...common, entryPoints: { worker: 'src/ai/worker.ts' }, platform: 'browser' });
  // In Node too the engine API and the importers share the glue's chunk;
  // the search worker has its own instance in its own thread.
  await esbuild.build({
    ...common,
    entryPoints: { node: 'src/package/node.ts', 'node-import': 'src/package/node-import.ts' },
    platform: 'node',
    splitting: true,
    chunkNames: '[name]-[hash]',
  });
  await esbuild.build({ ...common, entryPoints: { 'node-worker': 'src/package/node-worker.ts' }, platform: 'node' });
  for (const wasm of ['bigboard_bg.wasm', 'bigboard_import_bg.wasm']) await copyFile(join(www, 'pkg', wasm), join(here, 'dist', wasm));

  execFileSync(process.execPath, [join(www, 'node_modules/typescript/bin/tsc'), '-p', join(here, 'tsconfig.json')], { stdio: 'inherit' });
  for (const file of TYPES) {
    await mkdir(dirname(join(here, 'types', file)), { recursive: true });
    await copyFile(join(here, 'types-all', file), join(here, 'types', file));
  }
  await rm(join(here, 'types-all'), { recursive: true, force: true });

  for (const f of ['LICENSE-MIT', 'LICENSE-APACHE']) await copyFile(join(root, f), join(here, f));
  const manifest = JSON.parse(await readFile(join(here, 'package.json'), 'utf8'));
  console.log(`built ${manifest.name} ${manifest.version} in www/package/ (npm pack there makes the tarball)`);
}

try {
  await build();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}

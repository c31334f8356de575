// Bundles the page into dist/ (or, with --tests, the unit tests into
// dist-tests/) with esbuild. Run from www/: `node build.mjs [--tests]`.
import * as esbuild from 'esbuild';
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const tests = process.argv.includes('--tests');

/** The wasm-bindgen glue is imported as 'bigboard-wasm' (typed by src/wasm-api.d.ts). */
const common = {
  absWorkingDir: here,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  alias: { 'bigboard-wasm': './pkg/bigboard.js' },
  logLevel: 'warning',
  legalComments: 'none',
};

async function exists(path) {
  try {
    await stat(join(here, path));
    return true;
  } catch {
    return false;
  }
}

/** Every file under `dir` (relative to www/) whose name ends with `suffix`. */
async function findFiles(dir, suffix) {
  const out = [];
  for (const entry of await readdir(join(here, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await findFiles(path, suffix)));
    else if (entry.name.endsWith(suffix)) out.push(path);
  }
  return out.sort();
}

async function buildPage() {
  if (!(await exists('pkg/bigboard.js')) || !(await exists('pkg/bigboard_bg.wasm'))) {
    throw new Error('www/pkg/ is missing: build the wasm first (./build.sh from the repository root)');
  }
  await mkdir(join(here, 'dist'), { recursive: true });
  await esbuild.build({
    ...common,
    entryPoints: { main: 'src/main.ts', worker: 'src/ai/worker.ts' },
    outdir: 'dist',
    platform: 'browser',
    minify: true,
    sourcemap: false,
  });
  for (const [from, to] of [
    ['index.html', 'index.html'],
    ['style.css', 'style.css'],
    ['favicon.svg', 'favicon.svg'],
    ['pkg/bigboard_bg.wasm', 'bigboard_bg.wasm'],
  ]) {
    await copyFile(join(here, from), join(here, 'dist', to));
  }
}

async function buildTests() {
  await rm(join(here, 'dist-tests'), { recursive: true, force: true });
  const entryPoints = await findFiles('src', '.test.ts');
  if (entryPoints.length === 0) throw new Error('no unit tests found under src/');
  await esbuild.build({
    ...common,
    entryPoints,
    outbase: 'src',
    outdir: 'dist-tests',
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    sourcemap: 'inline',
  });
  console.log(`bundled ${entryPoints.length} unit test files into dist-tests/:`,
    entryPoints.map((p) => relative('src', p)).join(', '));
}

try {
  if (tests) await buildTests();
  else await buildPage();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}

// Bundles the page into dist/ (or, with --tests, the unit tests into
// dist-tests/) with esbuild. Run from www/: `node build.mjs [--tests]`.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const tests = process.argv.includes('--tests');

/** The line at the head of every file shipped (LICENSE-MIT and LICENSE-APACHE at the repository's top). */
const NOTICE = 'bigboard | Copyright (c) 2026 the bigboard authors | MIT OR Apache-2.0';
const JS_NOTICE = `/*! ${NOTICE} */`;

/**
 * The wasm-bindgen glue is imported as 'bigboard-wasm' (typed by
 * src/engine/wasm-api.d.ts), and the import module's as 'bigboard-import'
 * (src/engine/import-api.d.ts).
 */
const common = {
  absWorkingDir: here,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  alias: { 'bigboard-wasm': './pkg/bigboard.js', 'bigboard-import': './pkg/bigboard_import.js' },
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
  if (!(await exists('pkg/bigboard_import.js')) || !(await exists('pkg/bigboard_import_bg.wasm'))) {
    throw new Error('www/pkg/ has no import module: build the wasm first (./build.sh from the repository root)');
  }
  await stampNotice('pkg/bigboard.js');
  await stampNotice('pkg/bigboard_import.js');
  await mkdir(join(here, 'dist'), { recursive: true });
  const gallery = await readGallery();
  await esbuild.build({
    ...common,
    entryPoints: { main: 'src/app/main.ts', worker: 'src/ai/worker.ts', 'bigboard-embed': 'src/embed/embed.ts' },
    outdir: 'dist',
    platform: 'browser',
    minify: true,
    sourcemap: false,
    banner: { js: JS_NOTICE },
    define: { BIGBOARD_GALLERY: JSON.stringify(gallery) },
  });
  // The gallery's files are served with the app, for pages to load
  // (<bigboard-game definition="variants/xiangqi.toml">); the app itself has
  // their texts in its script.
  await mkdir(join(here, 'dist/variants'), { recursive: true });
  for (const g of gallery) await writeFile(join(here, 'dist/variants', g.file), g.text);
  for (const [from, to] of [
    ['index.html', 'index.html'],
    ['style.css', 'style.css'],
    ['favicon.svg', 'favicon.svg'],
    ['manifest.webmanifest', 'manifest.webmanifest'],
    ['embed-example.html', 'embed-example.html'],
    ['embed-example.css', 'embed-example.css'],
    ['pkg/bigboard_bg.wasm', 'bigboard_bg.wasm'],
    ['pkg/bigboard_import_bg.wasm', 'bigboard_import_bg.wasm'],
  ]) {
    await copyFile(join(here, from), join(here, 'dist', to));
  }
  await buildServiceWorker();
  await buildOfflineFile(gallery);
}

/** The author definitions the app's menu offers as its Gallery. */
const GALLERY_DIR = '../examples/variants';

/**
 * Every definition of the gallery, read by the engine (the wasm just
 * built, in Node): its id, name and board size for the menu, and its text,
 * sorted by name. A definition the engine refuses, or an id that is a
 * built-in variant's or another file's, stops the build.
 */
async function readGallery() {
  const wasm = await import(pathToFileURL(join(here, 'pkg/bigboard.js')).href);
  await wasm.default({ module_or_path: await readFile(join(here, 'pkg/bigboard_bg.wasm')) });
  const files = (await readdir(join(here, GALLERY_DIR))).filter((f) => f.endsWith('.toml')).sort();
  const gallery = [];
  for (const file of files) {
    const text = await readFile(join(here, GALLERY_DIR, file), 'utf8');
    const problems = wasm.checkDefinition(text);
    if (problems.length > 0) {
      throw new Error(`examples/variants/${file}: ${problems.map((p) => (p.at === '' ? p.message : `${p.at}: ${p.message}`)).join('; ')}`);
    }
    const game = new wasm.Game(file, text);
    const { id, name, width, height } = game.variant();
    game.free();
    let builtin = false;
    try {
      new wasm.Game(id).free();
      builtin = true;
    } catch {
      // Not a built-in id: the gallery's own.
    }
    if (builtin) throw new Error(`examples/variants/${file}: its id '${id}' is a built-in variant's`);
    const twin = gallery.find((g) => g.id === id);
    if (twin !== undefined) throw new Error(`examples/variants/${file}: its id '${id}' is also ${twin.file}'s`);
    gallery.push({ id, name, width, height, file, text });
  }
  return gallery.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** The files the installed app keeps for use offline (relative to dist/); './' is the page. */
const APP_FILES = ['./', 'index.html', 'main.js', 'worker.js', 'bigboard_bg.wasm', 'bigboard_import_bg.wasm', 'style.css', 'favicon.svg', 'manifest.webmanifest'];

/**
 * dist/sw.js: the service worker, named after a hash of the files it
 * keeps, so every build with a change is a new worker the browser installs.
 */
async function buildServiceWorker() {
  const hash = createHash('sha256');
  for (const f of APP_FILES.filter((f) => f !== './')) hash.update(await readFile(join(here, 'dist', f)));
  await esbuild.build({
    ...common,
    entryPoints: { sw: 'src/app/sw.ts' },
    outdir: 'dist',
    format: 'iife',
    platform: 'browser',
    minify: true,
    banner: { js: JS_NOTICE },
    define: { BIGBOARD_BUILD: JSON.stringify(hash.digest('hex').slice(0, 16)), BIGBOARD_FILES: JSON.stringify(APP_FILES) },
  });
}

/**
 * Puts the notice at the head of `path` (the glue wasm-bindgen writes, which
 * pages may load themselves) unless it is there already.
 */
async function stampNotice(path) {
  const text = await readFile(join(here, path), 'utf8');
  if (!text.startsWith(JS_NOTICE)) await writeFile(join(here, path), `${JS_NOTICE}\n${text}`);
}

/** Replaces `from` in `text`, which must be there. */
function replaceOnce(text, from, to) {
  if (!text.includes(from)) throw new Error(`index.html has no ${from}`);
  return text.replace(from, () => to);
}

/**
 * dist/bigboard.html: the whole app in one file that works from disk
 * (file://) with no network. The two wasm modules (base64) and the worker's code are
 * constants of the page's script (src/app/offline.ts); the worker runs from a
 * blob: URL as a classic worker; the gallery's texts are in the script as
 * in main.js. Its Content-Security-Policy allows exactly its one inline
 * script, by hash.
 */
async function buildOfflineFile(gallery) {
  const read = (path) => readFile(join(here, path), 'utf8');
  // A classic worker: Chromium will not start a module worker from a blob: URL
  // of a file:// page (its origin is opaque). import.meta.url becomes the
  // worker's own (blob:) address.
  const workerBuild = await esbuild.build({
    ...common,
    entryPoints: ['src/ai/worker.ts'],
    format: 'iife',
    platform: 'browser',
    minify: true,
    write: false,
    define: { 'import.meta.url': 'self.location.href' },
  });
  const worker = workerBuild.outputFiles[0].text;
  const wasm = await readFile(join(here, 'pkg/bigboard_bg.wasm'));
  const importWasm = await readFile(join(here, 'pkg/bigboard_import_bg.wasm'));
  const result = await esbuild.build({
    ...common,
    entryPoints: ['src/app/offline.ts'],
    platform: 'browser',
    minify: true,
    write: false,
    define: {
      BIGBOARD_WASM_BASE64: JSON.stringify(wasm.toString('base64')),
      BIGBOARD_IMPORT_WASM_BASE64: JSON.stringify(importWasm.toString('base64')),
      BIGBOARD_WORKER_CODE: JSON.stringify(worker),
      BIGBOARD_GALLERY: JSON.stringify(gallery),
    },
  });
  // Inside a <script> element the text "</script" would end it; in the
  // bundle it can only be in string literals, where "<\/script" is the same.
  const script = result.outputFiles[0].text.replaceAll('</script', '<\\/script');
  const hash = createHash('sha256').update(script).digest('base64');
  const css = await read('style.css');
  const icon = `data:image/svg+xml;base64,${(await readFile(join(here, 'favicon.svg'))).toString('base64')}`;
  let html = await read('index.html');
  html = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, () =>
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-${hash}' 'wasm-unsafe-eval'; worker-src blob:; style-src 'unsafe-inline'; img-src data:; object-src 'none'; base-uri 'none'; form-action 'none'">`);
  html = replaceOnce(html, '<link rel="icon" href="favicon.svg" type="image/svg+xml">', `<link rel="icon" href="${icon}" type="image/svg+xml">`);
  html = replaceOnce(html, '<link rel="stylesheet" href="style.css">', `<style>\n${css}</style>`);
  // Opened from disk there is nothing to install: no manifest, no service worker.
  html = replaceOnce(html, '<link rel="manifest" href="manifest.webmanifest">', '');
  html = replaceOnce(html, '<script type="module" src="main.js"></script>', '');
  html = replaceOnce(html, '</body>', `<script type="module">${script}</script>\n</body>`);
  // A comment may come before the doctype without changing how the page is read.
  await writeFile(join(here, 'dist/bigboard.html'), `<!-- ${NOTICE} -->\n${html}`);
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

// The app page's entry point when served: the wasm modules and the AI worker are
// files beside the script, kept by a service worker for use offline.
import { registerServiceWorker } from './install';
import { startPage } from './page';

startPage({
  wasm: new URL('./bigboard_bg.wasm', import.meta.url),
  worker: () => new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'bigboard-engine' }),
  importer: () => new URL('./bigboard_import_bg.wasm', import.meta.url),
});
registerServiceWorker(document.getElementById('update'));

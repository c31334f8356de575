// The app's service worker: it keeps this build's files (the page, its
// script, styles, the engine's wasm and worker) in a cache of their own,
// answers from it first, so the installed app opens and plays with no
// network, and drops the caches of older builds once it takes over. A new
// build has a new name (its files' hash, put in by build.mjs), so the
// browser installs it on the next visit; the page is told and says so.

/** The build's name and its files, relative to this script (build.mjs defines both). */
declare const BIGBOARD_BUILD: string;
declare const BIGBOARD_FILES: string[];

const CACHE = `bigboard-${BIGBOARD_BUILD}`;

/** The parts of the service worker scope used here (the page's TypeScript setup has no WebWorker types). */
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response>): void;
}
interface Scope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', f: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', f: (e: FetchEvent) => void): void;
}
const scope = self as unknown as Scope;

scope.addEventListener('install', (e) => {
  e.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(BIGBOARD_FILES);
      // A new build takes over at once; the page says it is there.
      await scope.skipWaiting();
    })(),
  );
});

scope.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('bigboard-') && name !== CACHE) await caches.delete(name);
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== scope.location.origin) return;
  e.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // The page itself, whatever its query or fragment, is the cached index.html.
      const hit = (await cache.match(req, { ignoreSearch: true })) ?? (req.mode === 'navigate' ? await cache.match('./') : undefined);
      return hit ?? fetch(req);
    })(),
  );
});

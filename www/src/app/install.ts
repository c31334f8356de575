// The installed app: registers the service worker that keeps the page's
// files for use with no network (when served over http(s); a page opened
// from disk has none), and says so when a new build has taken over, with a
// button to load it.

export function registerServiceWorker(note: HTMLElement | null): void {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  const container = navigator.serviceWorker;
  // A page that already had a worker when it loaded is told when another (a new build) takes over.
  const hadOne = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (!hadOne || note === null) return;
    note.hidden = false;
  });
  container.register('./sw.js').catch(() => {
    // No worker (a private window, storage refused): the page works online as before.
  });
}

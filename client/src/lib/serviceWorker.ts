/**
 * The resident area's service worker (vite.config.ts, installableApp): registered when a logged-in resident opens
 * the account area, in the production build only. Once it runs, the files this page already loaded (the application
 * and the account screens) and the account page itself are put in its caches, so the page opens again without a
 * connection — the worker itself only caches what is loaded after it started.
 */
export function registerResidentServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then(() => warmCaches())
    .catch(() => {
      /* no worker (private mode, an old browser): the area works online as before */
    });
}

async function warmCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const assets = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  const [assetCache, pageCache] = await Promise.all([caches.open('gw-assets'), caches.open('gw-account-pages')]);
  await Promise.all([
    ...[...new Set(assets)].map(async (path) => {
      if (!(await assetCache.match(path))) await assetCache.add(path).catch(() => undefined);
    }),
    // The account page itself is the application shell (the same HTML for every resident, nothing personal).
    pageCache.add(location.pathname).catch(() => undefined),
  ]);
}

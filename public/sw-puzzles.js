// Part of the service worker (vite.config.ts importScripts): on install, store the puzzle files the
// server sends today (the index and each month it lists, only puzzles whose UTC day has come), so
// today's puzzle and the archive play offline after one visit. Never a future puzzle: nothing is
// precached from the build. The runtime route for /puzzles/ (network first) keeps them fresh, under
// the same keys (the address without its ?v=).
/* global self, caches */
self.addEventListener('install', (event) => {
  const origin = self.location.origin;
  event.waitUntil(
    (async () => {
      try {
        const cache = await caches.open('puzzles');
        const index = await fetch(`${origin}/puzzles/index.json`, { cache: 'no-cache' });
        if (!index.ok) return;
        const list = await index.clone().json();
        await cache.put(`${origin}/puzzles/index.json`, index);
        const months = new Set(
          (Array.isArray(list) ? list : [])
            .map((item) => (item && typeof item.date === 'string' ? item.date.slice(0, 7) : null))
            .filter(Boolean),
        );
        for (const month of months) {
          const url = `${origin}/puzzles/${month}.json`;
          const response = await fetch(url, { cache: 'no-cache' });
          if (response.ok) await cache.put(url, response);
        }
      } catch {
        // Offline or a static host without the files: the pages still work online.
      }
    })(),
  );
});

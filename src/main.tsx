import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles/global.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/**
 * The service worker (offline play, update prompt) registers after the page has loaded, from its
 * own chunk, so it costs the first paint nothing. Production builds only: dev has no sw.js.
 */
function startServiceWorker(): void {
  void import('./features/update/start-updates').then(({ startUpdates }) => startUpdates());
}
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  if (document.readyState === 'complete') startServiceWorker();
  else window.addEventListener('load', startServiceWorker, { once: true });
}

import { createRoot } from 'react-dom/client';
import { registerServiceWorker, type ServiceWorkerOptions } from '../../lib/service-worker';
import { UpdatePrompt } from './update-prompt';

/**
 * Registers the service worker and shows the update prompt in its own small root at the end of
 * the page, outside the app: the game never re-renders for it. Loaded lazily after `load`.
 */
export function startUpdates(
  register: (options: ServiceWorkerOptions) => Promise<void> = registerServiceWorker,
): Promise<void> {
  const container = document.createElement('div');
  container.className = 'update-root';
  document.body.append(container);
  const root = createRoot(container);
  const show = (apply: (() => void) | null) =>
    root.render(<UpdatePrompt apply={apply} onDismiss={() => show(null)} />);
  show(null);
  return register({ onUpdateReady: show });
}

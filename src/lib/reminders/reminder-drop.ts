import { REMINDER_STATE_CACHE } from '../../../core/reminder-setting';

/**
 * Cookies rejected (or consent withdrawn, which deletes the player's data): a daily reminder this
 * browser had is removed from the server at once and unsubscribed, with the service worker's
 * record. Apart from reminder-client.ts, as the stored setting is already gone by then: the
 * subscription itself says where it was.
 */
export async function dropReminder(): Promise<void> {
  const worker = await navigator.serviceWorker?.getRegistration();
  const subscription = await worker?.pushManager?.getSubscription();
  if (subscription) {
    await fetch('/api/reminders/delete', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: subscription.endpoint }),
      credentials: 'omit',
      cache: 'no-store',
      keepalive: true,
    }).catch(() => null);
    await subscription.unsubscribe().catch(() => false);
  }
  if (typeof caches !== 'undefined') await caches.delete(REMINDER_STATE_CACHE).catch(() => false);
}

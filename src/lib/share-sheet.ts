/** How a share through the system's share sheet ended. */
export type SheetResult = 'shared' | 'cancelled' | 'failed';

/**
 * The system share sheet is offered on touch devices that have one (phones, tablets): there it
 * reaches the messengers where most results go. A desktop keeps the Share dialog, whose network
 * buttons and Copy do the same job.
 */
export function canUseShareSheet(): boolean {
  return (
    typeof navigator.share === 'function' &&
    (window.matchMedia?.('(pointer: coarse)').matches ?? false)
  );
}

/**
 * Opens the share sheet with the text and the link. The player closing it is "cancelled" (an
 * AbortError: nothing to do, nothing to say); anything else, a refusal included, is "failed", and
 * the caller falls back to copying.
 */
export async function shareWithSheet(data: { text: string; url: string }): Promise<SheetResult> {
  try {
    if (navigator.canShare && !navigator.canShare(data)) return 'failed';
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'cancelled';
    console.warn('Share sheet failed', error);
    return 'failed';
  }
}

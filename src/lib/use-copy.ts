import { useEffect, useRef, useState } from 'react';

/** Where a copy stands: not asked, done (for 2 seconds), or refused (the text is selected instead). */
export type CopyState = 'idle' | 'copied' | 'manual';

const COPIED_FOR_MS = 2000;

/**
 * Copies text to the clipboard. Says "copied" for 2 seconds; when the browser refuses, the text in
 * `box` (an input or textarea showing it) is selected, so the player can copy it by hand.
 */
export function useCopy<T extends HTMLInputElement | HTMLTextAreaElement>() {
  const [state, setState] = useState<CopyState>('idle');
  const box = useRef<T>(null);
  useEffect(() => {
    if (state === 'copied') {
      const timer = window.setTimeout(() => setState('idle'), COPIED_FOR_MS);
      return () => window.clearTimeout(timer);
    }
    if (state === 'manual') box.current?.select();
    return undefined;
  }, [state]);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch (error) {
      console.warn('Clipboard copy failed', error);
      setState('manual');
    }
  };
  return { state, copy, box, reset: () => setState('idle') };
}

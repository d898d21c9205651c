import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../components/modal';
import { SHARE_STRINGS } from './share-strings';

const INTENTS = [
  {
    name: 'Facebook',
    url: (text: string) =>
      `https://www.facebook.com/sharer/sharer.php?quote=${encodeURIComponent(text)}`,
  },
  {
    name: 'X',
    url: (text: string) => `https://x.com/intent/post?text=${encodeURIComponent(text)}`,
  },
  {
    name: 'Bluesky',
    url: (text: string) => `https://bsky.app/intent/compose?text=${encodeURIComponent(text)}`,
  },
  {
    name: 'Threads',
    url: (text: string) => `https://www.threads.net/intent/post?text=${encodeURIComponent(text)}`,
  },
];

type CopyState = 'idle' | 'copied' | 'manual';

export function ShareModal({ text, onClose }: { text: string; onClose: () => void }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (copy === 'copied') {
      const timer = window.setTimeout(() => setCopy('idle'), 2000);
      return () => window.clearTimeout(timer);
    }
    if (copy === 'manual') box.current?.select();
    return undefined;
  }, [copy]);
  const copyText = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopy('copied');
    } catch (error) {
      console.warn('Clipboard copy failed', error);
      setCopy('manual');
    }
  };
  return (
    <Modal title={SHARE_STRINGS.title} onClose={onClose}>
      <pre className="share-text" data-testid="share-text">
        {text}
      </pre>
      <div className="share-actions">
        <button type="button" className="button primary" onClick={() => void copyText()}>
          Copy
        </button>
        {INTENTS.map((intent) => (
          <a
            key={intent.name}
            className="button"
            href={intent.url(text)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => void copyText()}
          >
            {intent.name}
          </a>
        ))}
      </div>
      <p className="share-status" role="status">
        {copy === 'copied' ? SHARE_STRINGS.copied : ''}
      </p>
      {copy === 'manual' ? (
        <label className="share-manual">
          Copying was blocked. Select the text and copy it yourself:
          <textarea ref={box} readOnly value={text} rows={5} />
        </label>
      ) : null}
    </Modal>
  );
}

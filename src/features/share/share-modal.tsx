import { Modal } from '../../components/modal';
import { useCopy } from '../../lib/use-copy';
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

export function ShareModal({ text, onClose }: { text: string; onClose: () => void }) {
  const { state: copy, copy: copyTo, box } = useCopy<HTMLTextAreaElement>();
  const copyText = () => copyTo(text);
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

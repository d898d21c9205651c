import { useEffect, useEffectEvent, useState } from 'react';
import { fullText, shareIntents, type ShareMessage } from '../../../core/share';
import { Modal } from '../../components/modal';
import { canUseShareSheet, shareWithSheet } from '../../lib/share-sheet';
import { useCopy } from '../../lib/use-copy';
import { SHARE_STRINGS } from './share-strings';

/**
 * The Share dialog: the whole message (text, grid and link), Copy, and a compose window on each
 * of four networks already holding it (core/share.ts). On a touch device with a share sheet, the
 * sheet comes first; Copy and the networks stay.
 */
export function ShareModal({
  message,
  copyAtOnce = false,
  onClose,
}: {
  message: ShareMessage;
  /** The share sheet failed: copy the text as the dialog opens. */
  copyAtOnce?: boolean;
  onClose: () => void;
}) {
  const { state: copy, copy: copyTo, box } = useCopy<HTMLTextAreaElement>();
  const text = fullText(message);
  const copyText = () => void copyTo(text);
  const [sheet] = useState(canUseShareSheet);
  // Once, as the dialog opens.
  const copyOnOpen = useEffectEvent(() => {
    if (copyAtOnce) copyText();
  });
  useEffect(() => copyOnOpen(), []);
  const openSheet = async () => {
    if ((await shareWithSheet({ text: message.text, url: message.link })) === 'failed') copyText();
  };
  return (
    <Modal title={SHARE_STRINGS.title} onClose={onClose}>
      <pre className="share-text" data-testid="share-text">
        {text}
      </pre>
      <div className="share-actions">
        {sheet ? (
          <button type="button" className="button primary" onClick={() => void openSheet()}>
            {SHARE_STRINGS.otherApps}
          </button>
        ) : null}
        <button type="button" className={sheet ? 'button' : 'button primary'} onClick={copyText}>
          {SHARE_STRINGS.copy}
        </button>
        {shareIntents(message).map((intent) => (
          <a
            key={intent.network}
            className="button"
            href={intent.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={copyText}
          >
            {intent.network}
          </a>
        ))}
      </div>
      <p className="share-status" role="status">
        {copy === 'copied' ? SHARE_STRINGS.copied : ''}
      </p>
      {copy === 'manual' ? (
        <label className="share-manual">
          {SHARE_STRINGS.copyBlocked}
          <textarea ref={box} readOnly value={text} rows={5} />
        </label>
      ) : null}
    </Modal>
  );
}

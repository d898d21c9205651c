import { useEffect, useRef } from 'react';
import { saveConsent } from '../../lib/player-data/storage';
import { FRIENDS_STRINGS as T } from './friends-strings';

/**
 * Asked before a group is started or joined without consent (as /transfer does): "Accept and
 * continue" stores the consent and goes on; "Store nothing" stores and sends nothing.
 */
export function ConsentStep({
  onAccept,
  onReject,
}: {
  onAccept: () => void;
  onReject: () => void;
}) {
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div className="friends-consent" role="group" aria-labelledby="friends-consent-question">
      <p id="friends-consent-question" ref={question} tabIndex={-1}>
        {T.consentQuestion}
      </p>
      <div className="friends-actions">
        <button
          type="button"
          className="button primary"
          onClick={() => {
            saveConsent('accepted');
            onAccept();
          }}
        >
          {T.accept}
        </button>
        <button type="button" className="button" onClick={onReject}>
          {T.reject}
        </button>
      </div>
    </div>
  );
}

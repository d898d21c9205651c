import { useEffect, useRef, useState } from 'react';
import { readConsent } from '../../lib/player-data/storage';
import { ConsentStep } from './consent-step';
import { FRIENDS_STRINGS as T } from './friends-strings';

type Step = 'form' | 'consent' | 'sending' | 'rejected';

/**
 * A form that sends the player's data (start a group, join one): sent at once with consent
 * "accepted", otherwise only after the player accepts in the flow (ConsentStep); "Store nothing"
 * sends nothing. `send` resolves with a failure to show, or null.
 */
export function useConsentedSend(send: () => Promise<string | null>) {
  const [step, setStep] = useState<Step>('form');
  const [failure, setFailure] = useState<string | null>(null);
  const go = async () => {
    setStep('sending');
    setFailure(null);
    setFailure(await send());
    setStep('form');
  };
  return {
    step,
    failure,
    /** The form's fields are right: send, or ask for consent first. */
    submit: () => (readConsent() === 'accepted' ? void go() : setStep('consent')),
    accept: () => void go(),
    reject: () => setStep('rejected'),
  };
}

/** The submit button (or the consent question in its place), and what became of the send. */
export function SendControls({
  flow,
  label,
  busy,
}: {
  flow: ReturnType<typeof useConsentedSend>;
  label: string;
  busy: string;
}) {
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (flow.step === 'rejected') status.current?.focus();
  }, [flow.step]);
  return (
    <>
      {flow.step === 'consent' ? (
        <ConsentStep onAccept={flow.accept} onReject={flow.reject} />
      ) : (
        <button type="submit" className="button primary" disabled={flow.step === 'sending'}>
          {flow.step === 'sending' ? busy : label}
        </button>
      )}
      <p ref={status} className="page-status" role="status" tabIndex={-1}>
        {flow.step === 'rejected' ? T.rejected : ''}
      </p>
      {flow.failure ? (
        <p className="page-problem" role="alert">
          {flow.failure}
        </p>
      ) : null}
    </>
  );
}

import type { ReactNode } from 'react';
import { TextPage } from '../../components/text-page';
import { FORM_STRINGS } from './form-strings';
import { FormStatus, Honeypot } from './form-field';
import { ThankYou } from './thank-you';
import type { useFormPost } from './use-form-post';

type FormPost = Pick<
  ReturnType<typeof useFormPost>,
  'formRef' | 'honeypot' | 'phase' | 'status' | 'failure' | 'setValue' | 'submit' | 'reset'
>;

interface Props {
  post: FormPost;
  title: string;
  intro: ReactNode;
  sendLabel: string;
  thanks: { title: string; text: string; again: string };
  /** The form's own fields, between the required-fields note and the honeypot. */
  children: ReactNode;
}

/**
 * The frame both site forms share: the page, the form with its required-fields note, honeypot,
 * status line and send button, and the thank-you that replaces it once the server accepted.
 */
export function PostedForm({ post, title, intro, sendLabel, thanks, children }: Props) {
  const { formRef, honeypot, phase, status, failure, setValue, submit, reset } = post;
  return (
    <TextPage title={title}>
      {phase === 'sent' ? (
        <ThankYou title={thanks.title} text={thanks.text} again={thanks.again} onAgain={reset} />
      ) : (
        <>
          <p>{intro}</p>
          <form
            ref={formRef}
            className="site-form"
            noValidate
            aria-label={title}
            onSubmit={(event) => void submit(event)}
          >
            <p className="form-help">{FORM_STRINGS.requiredNote}</p>
            {children}
            <Honeypot value={honeypot} onChange={setValue} />
            <FormStatus status={status} alert={failure} />
            <button
              type="submit"
              className="button primary large"
              aria-disabled={phase === 'sending'}
            >
              {phase === 'sending' ? FORM_STRINGS.sending : sendLabel}
            </button>
          </form>
        </>
      )}
    </TextPage>
  );
}

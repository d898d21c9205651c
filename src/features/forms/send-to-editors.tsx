import { useEffect, useRef, useState, type FormEvent } from 'react';
import { hasProblems, type DraftProblems } from '../../../core/custom-puzzle';
import {
  HONEYPOT_FIELD,
  PUZZLE_SUBMISSION_FIELDS,
  validatePuzzleSubmission,
} from '../../../core/forms';
import { CATEGORY_NUMBERS, type PuzzleDraft } from '../../../core/puzzle-draft';
import { readSiteConfig } from '../../lib/site-config';
import { FORM_STRINGS } from './form-strings';
import { EmailField, FormStatus, Honeypot } from './form-field';
import { postForm } from './post-form';
import { ThankYou } from './thank-you';
import { failureText } from './use-form-post';

/**
 * The builder's puzzle as the puzzle-submission API takes it (the /submit-puzzle form's fields):
 * the special word is word 1 of every category, the builder's two words are words 2 and 3.
 */
export function submissionOf(draft: PuzzleDraft, email: string): Record<string, string> {
  const special = draft.specialWord.trim();
  const body: Record<string, string> = {
    author: draft.author.trim(),
    email: email.trim(),
    title: draft.title.trim(),
    specialWord: special,
  };
  for (const n of CATEGORY_NUMBERS) {
    body[`category${n}_name`] = draft[`category${n}_name`].trim();
    body[`category${n}_word1`] = special;
    body[`category${n}_word2`] = draft[`category${n}_word1`].trim();
    body[`category${n}_word3`] = draft[`category${n}_word2`].trim();
  }
  return body;
}

type Phase = 'closed' | 'open' | 'sending' | 'sent';

/**
 * "Send to the editors": the first press asks for the author's email (a field shown only for
 * this), the next posts the puzzle to the puzzle-submission API, where the owner's `import` turns
 * it into a catalogue puzzle.
 */
export function SendToEditors({
  draft,
  problems,
  onInvalidDraft,
  onNeedName,
  onAgain,
}: {
  draft: PuzzleDraft;
  problems: DraftProblems;
  /** The puzzle itself has problems: the builder shows them. */
  onInvalidDraft: () => void;
  /** The editors credit an author: the builder's name field is asked for. */
  onNeedName: () => void;
  onAgain: () => void;
}) {
  const [phase, setPhase] = useState<Phase>('closed');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [honeypot, setHoneypot] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusEmail = () => {
    const element = formRef.current?.elements.namedItem('email');
    if (element instanceof HTMLElement) element.focus();
  };
  useEffect(() => {
    if (phase === 'open' && email === '') focusEmail();
    // Only when the field appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase === 'open']);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase === 'sending') return;
    setFailure(null);
    if (phase === 'closed') {
      setPhase('open');
      return;
    }
    if (hasProblems(problems)) {
      onInvalidDraft();
      return;
    }
    if (draft.author.trim() === '') {
      onNeedName();
      return;
    }
    const checked = validatePuzzleSubmission(submissionOf(draft, email));
    if (!checked.success) {
      const message = checked.fieldErrors.email;
      setEmailError(message);
      if (message) focusEmail();
      else setFailure(Object.values(checked.fieldErrors).join(' '));
      return;
    }
    setEmailError(undefined);
    setPhase('sending');
    const result = await postForm(
      readSiteConfig().puzzleSubmissionEndpoint,
      { ...checked.data, [HONEYPOT_FIELD]: honeypot },
      PUZZLE_SUBMISSION_FIELDS,
    );
    if (result.ok) {
      setPhase('sent');
      return;
    }
    setPhase('open');
    if (result.reason === 'fields') {
      setEmailError(result.fieldErrors.email);
      setFailure(Object.values(result.fieldErrors).join(' '));
      return;
    }
    setFailure(`${failureText(result)} ${FORM_STRINGS.nothingLost}`);
  };

  if (phase === 'sent') {
    return (
      <ThankYou
        title={FORM_STRINGS.editorsThanksTitle}
        text={FORM_STRINGS.editorsThanksText}
        again={FORM_STRINGS.makeAnother}
        onAgain={() => {
          setPhase('closed');
          setEmail('');
          onAgain();
        }}
      />
    );
  }
  return (
    <section className="builder-editors" aria-labelledby="builder-editors-title">
      <h2 id="builder-editors-title">{FORM_STRINGS.editorsTitle}</h2>
      <p>{FORM_STRINGS.editorsIntro}</p>
      <form
        ref={formRef}
        className="site-form"
        noValidate
        aria-labelledby="builder-editors-title"
        onSubmit={(event) => void send(event)}
      >
        {phase === 'closed' ? null : (
          <EmailField
            value={email}
            error={emailError}
            onChange={(_name, value) => {
              setEmail(value);
              if (emailError) setEmailError(undefined);
            }}
          />
        )}
        <Honeypot value={honeypot} onChange={(_name, value) => setHoneypot(value)} />
        <FormStatus status={phase === 'sending' ? FORM_STRINGS.sending : ''} alert={failure} />
        <button type="submit" className="button" aria-disabled={phase === 'sending'}>
          {FORM_STRINGS.sendToEditors}
        </button>
      </form>
    </section>
  );
}

import { PUZZLE_SUBMISSION_FIELDS, validatePuzzleSubmission } from '../../../core/forms';
import { TextPage } from '../../components/text-page';
import { readSiteConfig } from '../../lib/site-config';
import { FORM_STRINGS } from './form-strings';
import { CategoryFieldset } from './category-fieldset';
import { FormField, FormStatus, Honeypot } from './form-field';
import { CATEGORY_NUMBERS, puzzleHints } from './puzzle-hints';
import { ThankYou } from './thank-you';
import { useFormPost } from './use-form-post';
import './forms.css';

/** /submit-puzzle: a player's own puzzle, posted to the submission endpoint (SPEC §2). */
export function SubmitPuzzlePage() {
  const { formRef, values, honeypot, errors, phase, status, failure, setValue, submit, reset } =
    useFormPost({
      fields: PUZZLE_SUBMISSION_FIELDS,
      validate: validatePuzzleSubmission,
      endpoint: readSiteConfig().puzzleSubmissionEndpoint,
    });
  const hints = puzzleHints(values);
  return (
    <TextPage title={FORM_STRINGS.submitTitle}>
      {phase === 'sent' ? (
        <ThankYou
          title={FORM_STRINGS.submitThanksTitle}
          text={FORM_STRINGS.submitThanksText}
          again={FORM_STRINGS.submitAnother}
          onAgain={reset}
        />
      ) : (
        <>
          <p>{FORM_STRINGS.submitIntro}</p>
          <form
            ref={formRef}
            className="site-form"
            noValidate
            aria-label={FORM_STRINGS.submitTitle}
            onSubmit={(event) => void submit(event)}
          >
            <p className="form-help">{FORM_STRINGS.requiredNote}</p>
            <FormField
              name="author"
              label={FORM_STRINGS.author}
              help={FORM_STRINGS.authorHelp}
              autoComplete="name"
              value={values.author}
              error={errors.author}
              onChange={setValue}
            />
            <FormField
              name="email"
              type="email"
              label={FORM_STRINGS.email}
              help={FORM_STRINGS.emailHelp}
              autoComplete="email"
              value={values.email}
              error={errors.email}
              onChange={setValue}
            />
            <FormField
              name="title"
              label={FORM_STRINGS.puzzleTitle}
              value={values.title}
              error={errors.title}
              onChange={setValue}
            />
            <FormField
              name="specialWord"
              label={FORM_STRINGS.specialWord}
              help={FORM_STRINGS.specialWordHelp}
              optional
              value={values.specialWord}
              error={errors.specialWord}
              onChange={setValue}
            />
            <p className="form-help">{FORM_STRINGS.categoryHelp}</p>
            <div className="category-grid">
              {CATEGORY_NUMBERS.map((n) => (
                <CategoryFieldset
                  key={n}
                  n={n}
                  values={values}
                  errors={errors}
                  hints={hints[n]}
                  onChange={setValue}
                />
              ))}
            </div>
            <Honeypot value={honeypot} onChange={setValue} />
            <FormStatus status={status} alert={failure} />
            <button
              type="submit"
              className="button primary large"
              aria-disabled={phase === 'sending'}
            >
              {phase === 'sending' ? FORM_STRINGS.sending : FORM_STRINGS.submitPuzzle}
            </button>
          </form>
        </>
      )}
    </TextPage>
  );
}

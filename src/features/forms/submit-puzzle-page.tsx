import { Link } from 'wouter';
import { ROUTES } from '../../../core/routes';
import { PUZZLE_SUBMISSION_FIELDS, validatePuzzleSubmission } from '../../../core/forms';
import { readSiteConfig } from '../../lib/site-config';
import { FORM_STRINGS } from './form-strings';
import { CategoryFieldset } from './category-fieldset';
import { EmailField, FormField } from './form-field';
import { PostedForm } from './posted-form';
import { CATEGORY_NUMBERS } from '../../../core/puzzle-draft';
import { puzzleHints } from './puzzle-hints';
import { useFormPost } from './use-form-post';
import './forms.css';

/** /submit-puzzle: a player's own puzzle, posted to the submission endpoint (docs/spec.md §2). */
export function SubmitPuzzlePage() {
  const post = useFormPost({
    fields: PUZZLE_SUBMISSION_FIELDS,
    validate: validatePuzzleSubmission,
    endpoint: readSiteConfig().puzzleSubmissionEndpoint,
  });
  const { values, errors, setValue, field } = post;
  const hints = puzzleHints(values);
  return (
    <PostedForm
      post={post}
      title={FORM_STRINGS.submitTitle}
      intro={
        <>
          {FORM_STRINGS.submitIntro} {FORM_STRINGS.orMakeYourOwn}{' '}
          <Link href={ROUTES.create}>{FORM_STRINGS.makeYourOwnLink}</Link>.
        </>
      }
      sendLabel={FORM_STRINGS.submitPuzzle}
      thanks={{
        title: FORM_STRINGS.submitThanksTitle,
        text: FORM_STRINGS.submitThanksText,
        again: FORM_STRINGS.submitAnother,
      }}
    >
      <FormField
        {...field('author')}
        label={FORM_STRINGS.author}
        help={FORM_STRINGS.authorHelp}
        autoComplete="name"
      />
      <EmailField {...field('email')} />
      <FormField {...field('title')} label={FORM_STRINGS.puzzleTitle} />
      <FormField
        {...field('specialWord')}
        label={FORM_STRINGS.specialWord}
        help={FORM_STRINGS.specialWordHelp}
        optional
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
    </PostedForm>
  );
}

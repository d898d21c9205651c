import { CONTACT_FIELDS, validateContact } from '../../../core/forms';
import { TextPage } from '../../components/text-page';
import { readSiteConfig } from '../../lib/site-config';
import { FORM_STRINGS } from './form-strings';
import { FormField, FormStatus, Honeypot } from './form-field';
import { ThankYou } from './thank-you';
import { useFormPost } from './use-form-post';
import './forms.css';

/** /contact: name, email and message, posted to the contact endpoint (SPEC §2, DECISIONS.md). */
export function ContactPage() {
  const { formRef, values, honeypot, errors, phase, status, failure, setValue, submit, reset } =
    useFormPost({
      fields: CONTACT_FIELDS,
      validate: validateContact,
      endpoint: readSiteConfig().contactEndpoint,
    });
  return (
    <TextPage title={FORM_STRINGS.contactTitle}>
      {phase === 'sent' ? (
        <ThankYou
          title={FORM_STRINGS.contactThanksTitle}
          text={FORM_STRINGS.contactThanksText}
          again={FORM_STRINGS.sendAnother}
          onAgain={reset}
        />
      ) : (
        <>
          <p>{FORM_STRINGS.contactIntro}</p>
          <form
            ref={formRef}
            className="site-form"
            noValidate
            aria-label={FORM_STRINGS.contactTitle}
            onSubmit={(event) => void submit(event)}
          >
            <p className="form-help">{FORM_STRINGS.requiredNote}</p>
            <FormField
              name="name"
              label={FORM_STRINGS.name}
              autoComplete="name"
              value={values.name}
              error={errors.name}
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
              name="message"
              label={FORM_STRINGS.message}
              multiline
              value={values.message}
              error={errors.message}
              onChange={setValue}
            />
            <Honeypot value={honeypot} onChange={setValue} />
            <FormStatus status={status} alert={failure} />
            <button
              type="submit"
              className="button primary large"
              aria-disabled={phase === 'sending'}
            >
              {phase === 'sending' ? FORM_STRINGS.sending : FORM_STRINGS.send}
            </button>
          </form>
        </>
      )}
    </TextPage>
  );
}

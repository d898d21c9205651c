import { CONTACT_FIELDS, validateContact } from '../../../core/forms';
import { readSiteConfig } from '../../lib/site-config';
import { FORM_STRINGS } from './form-strings';
import { FormField } from './form-field';
import { PostedForm } from './posted-form';
import { useFormPost } from './use-form-post';
import './forms.css';

/** /contact: name, email and message, posted to the contact endpoint (SPEC §2, DECISIONS.md). */
export function ContactPage() {
  const post = useFormPost({
    fields: CONTACT_FIELDS,
    validate: validateContact,
    endpoint: readSiteConfig().contactEndpoint,
  });
  const { values, errors, setValue } = post;
  return (
    <PostedForm
      post={post}
      title={FORM_STRINGS.contactTitle}
      intro={FORM_STRINGS.contactIntro}
      sendLabel={FORM_STRINGS.send}
      thanks={{
        title: FORM_STRINGS.contactThanksTitle,
        text: FORM_STRINGS.contactThanksText,
        again: FORM_STRINGS.sendAnother,
      }}
    >
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
    </PostedForm>
  );
}

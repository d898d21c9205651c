import { CONTACT_FIELDS, FORM_LIMITS, validateContact } from '../../../core/forms';
import { readSiteConfig } from '../../lib/site-config';
import { FORM_STRINGS } from './form-strings';
import { EmailField, FormField } from './form-field';
import { PostedForm } from './posted-form';
import { useFormPost } from './use-form-post';
import './forms.css';

/** /contact: name, email and message, posted to the contact endpoint (docs/spec.md §2, docs/product-decisions.md). */
export function ContactPage() {
  const post = useFormPost({
    fields: CONTACT_FIELDS,
    validate: validateContact,
    endpoint: readSiteConfig().contactEndpoint,
  });
  const { field } = post;
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
      <FormField {...field('name')} label={FORM_STRINGS.name} autoComplete="name" />
      <EmailField {...field('email')} />
      <FormField
        {...field('message')}
        label={FORM_STRINGS.message}
        multiline
        limit={FORM_LIMITS.message}
      />
    </PostedForm>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { HONEYPOT_FIELD, type FormResult } from '../../../core/forms';
import { FORM_STRINGS } from './form-strings';
import { newIdempotencyKey, postForm, type Fetcher, type PostResult } from './post-form';

export type FormPhase = 'editing' | 'sending' | 'sent';

interface Options<F extends string> {
  /** Field names in the order the form shows them (the first with an error gets focus). */
  fields: readonly F[];
  validate: (input: unknown) => FormResult<Readonly<Record<F, string>>>;
  endpoint: string;
  fetcher?: Fetcher | undefined;
}

const emptyValues = <F extends string>(fields: readonly F[]) =>
  Object.fromEntries(fields.map((field) => [field, ''])) as Record<F, string>;

/** What a failed post tells the person (a network, rate-limit, size or server failure). */
export function failureText(
  result: Exclude<PostResult, { ok: true } | { reason: 'fields' }>,
): string {
  switch (result.reason) {
    case 'network':
      return FORM_STRINGS.failedNetwork;
    case 'rate-limited':
      return FORM_STRINGS.failedRateLimit;
    case 'too-large':
      return FORM_STRINGS.failedTooLarge;
    case 'server':
      return FORM_STRINGS.failedServer(result.detail ?? '');
  }
}

/**
 * A form's values, per-field messages and sending state. Checks with the shared schema first, posts,
 * and shows the thank-you only after a 2xx answer; any failure keeps every typed value.
 */
export function useFormPost<F extends string>({ fields, validate, endpoint, fetcher }: Options<F>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => emptyValues(fields));
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [phase, setPhase] = useState<FormPhase>('editing');
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // One idempotency key per submission: the same body sent again (a retry after a failure) keeps
  // it, so the server stores the submission once; a changed body or a new form gets a new key.
  const submission = useRef<{ body: string; key: string } | null>(null);

  const isField = (name: string): name is F => (fields as readonly string[]).includes(name);

  const setValue = (name: string, value: string) => {
    if (name === HONEYPOT_FIELD) {
      setHoneypot(value);
      return;
    }
    if (!isField(name)) return;
    const next = { ...values, [name]: value };
    setValues(next);
    // A field already marked wrong is checked again as it is corrected.
    if (errors[name] !== undefined) {
      const result = validate(next);
      const message = result.success ? undefined : result.fieldErrors[name];
      setErrors((current) => ({ ...current, [name]: message }));
    }
  };

  const showFieldErrors = (found: Record<string, string>) => {
    const ordered = fields.filter((field) => found[field] !== undefined);
    flushSync(() => {
      setErrors(
        Object.fromEntries(ordered.map((field) => [field, found[field]])) as Partial<
          Record<F, string>
        >,
      );
      setStatus(FORM_STRINGS.fixFields(ordered.length));
    });
    const first = ordered[0];
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase === 'sending') return;
    setFailure(null);
    const checked = validate(values);
    if (!checked.success) {
      showFieldErrors(checked.fieldErrors);
      return;
    }
    setErrors({});
    setPhase('sending');
    setStatus(FORM_STRINGS.sending);
    const body = { ...checked.data, [HONEYPOT_FIELD]: honeypot };
    const text = JSON.stringify(body);
    if (submission.current?.body !== text) {
      submission.current = { body: text, key: newIdempotencyKey() };
    }
    const result = await postForm(endpoint, body, fields, fetcher, submission.current.key);
    if (result.ok) {
      submission.current = null;
      setStatus('');
      setPhase('sent');
      return;
    }
    setPhase('editing');
    if (result.reason === 'fields') {
      showFieldErrors(result.fieldErrors);
      return;
    }
    setStatus('');
    setFailure(`${failureText(result)} ${FORM_STRINGS.nothingLost}`);
  };

  /** Back to an empty form, focus on its first field. */
  const reset = () => {
    flushSync(() => {
      setValues(emptyValues(fields));
      setHoneypot('');
      setErrors({});
      setStatus('');
      setFailure(null);
      setPhase('editing');
    });
    const first = fields[0];
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  /** The props that tie a FormField to this form: its name, value, message and change handler. */
  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: setValue,
  });

  return {
    formRef,
    values,
    honeypot,
    errors,
    phase,
    status,
    failure,
    setValue,
    field,
    submit,
    reset,
  };
}

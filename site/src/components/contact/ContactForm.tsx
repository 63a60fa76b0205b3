import './ContactForm.css';
import { useState } from 'react';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { humanCheckToken } from '../../lib/recaptcha.ts';
import { Field, formText, useServerForm } from '../auth/form.tsx';

interface Props {
  lines: Lines;
  /** The reCAPTCHA site key when the human check is on for the contact page. */
  humanCheckKey: string | null;
  /** A logged-in user's name and address, filled in for them. */
  name?: string;
  email?: string;
}

/** The contact page's form (music spec §2.10): name, email and message, all required. */
export default function ContactForm({ lines, humanCheckKey, name, email }: Props) {
  const t = translator(lines);
  const { formRef, busy, errors, submit } = useServerForm(t('There was an issue. Please try again.'));
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = submit(async (form) => {
    const json = {
      name: formText(form, 'name'),
      email: formText(form, 'email'),
      message: formText(form, 'message'),
      ...(humanCheckKey ? { token: await humanCheckToken(humanCheckKey, 'contact') } : {}),
    };
    setSent((await ok(islandApi['contact-page'].$post({ json }))).message);
  });

  if (sent) {
    return (
      <p role="status" className="contact-sent" data-testid="contact-sent">
        {t(sent)}
      </p>
    );
  }
  return (
    <form ref={formRef} onSubmit={onSubmit} method="post" noValidate className="contact-form">
      <Field id="contact-name" name="name" label={t('Name')} autoComplete="name" error={errors.name} defaultValue={name} />
      <Field id="contact-email" name="email" type="email" label={t('Email')} autoComplete="email" error={errors.email} defaultValue={email} />
      <Field id="contact-message" name="message" label={t('Message')} rows={6} maxLength={5000} error={errors.message} />
      <button type="submit" className="button primary" disabled={busy}>
        {t('Send')}
      </button>
    </form>
  );
}

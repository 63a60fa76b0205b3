import { useState } from 'react';
import { translator, type Lines } from '../../lib/i18n.ts';
import { ok, sessionApi } from '../../lib/island-api.ts';
import { Field, formText, useServerForm } from './form.tsx';

interface Props {
  lines: Lines;
  /** From ?email=: prefilled and locked. */
  email: string | null;
}

export default function ForgotPasswordForm({ lines, email }: Props) {
  const t = translator(lines);
  const { formRef, busy, errors, submit } = useServerForm(t('There was an issue. Please try again.'));
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = submit(async (form) => {
    const response = await ok(sessionApi.auth['forgot-password'].$post({ json: { email: email ?? formText(form, 'email') } }));
    setSent(response.message);
  });

  if (sent) {
    return (
      <p role="status" data-testid="forgot-password-sent">
        {t(sent)}
      </p>
    );
  }
  return (
    <form ref={formRef} onSubmit={onSubmit} method="post" noValidate>
      <p className="muted">{t("Enter your email address and we'll send you a link to reset your password.")}</p>
      <Field id="forgot-email" name="email" type="email" label={t('Email')} autoComplete="email" error={errors.email} defaultValue={email ?? undefined} disabled={Boolean(email)} />
      <button type="submit" className="button primary" disabled={busy}>
        {t('Send reset link')}
      </button>
    </form>
  );
}

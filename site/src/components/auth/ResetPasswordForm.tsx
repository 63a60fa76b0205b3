import { navigate } from 'astro:transitions/client';
import { translator, type Lines } from '../../lib/i18n.ts';
import { ok, sessionApi } from '../../lib/island-api.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { Field, formText, useServerForm } from './form.tsx';

interface Props {
  lines: Lines;
  token: string;
  email: string | null;
}

export default function ResetPasswordForm({ lines, token, email }: Props) {
  const t = translator(lines);
  const { formRef, busy, errors, submit } = useServerForm(t('There was an issue. Please try again.'));

  const onSubmit = submit(async (form) => {
    const response = await ok(
      sessionApi.auth['reset-password'].$post({
        json: { token, email: formText(form, 'email'), password: formText(form, 'password'), password_confirmation: formText(form, 'password_confirmation') },
      }),
    );
    toast(t(response.message));
    await navigate('/login', { history: 'replace' });
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} method="post" noValidate>
      <Field id="reset-email" name="email" type="email" label={t('Email')} autoComplete="email" error={errors.email} defaultValue={email ?? undefined} />
      <Field id="reset-password" name="password" type="password" label={t('New password')} autoComplete="new-password" error={errors.password} />
      <Field id="reset-password-confirmation" name="password_confirmation" type="password" label={t('Confirm password')} autoComplete="new-password" error={errors.password_confirmation} />
      <button type="submit" className="button primary" disabled={busy}>
        {t('Reset password')}
      </button>
    </form>
  );
}

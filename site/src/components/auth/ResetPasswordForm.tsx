import { navigate } from 'astro:transitions/client';
import { apiRequest } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { Field, useServerForm } from './form.tsx';

interface Props {
  lines: Lines;
  token: string;
  email: string | null;
}

export default function ResetPasswordForm({ lines, token, email }: Props) {
  const t = translator(lines);
  const { formRef, busy, errors, submit } = useServerForm(t('There was an issue. Please try again.'));

  const onSubmit = submit(async (form) => {
    const response = await apiRequest<{ message: string }>('auth/reset-password', {
      method: 'POST',
      body: { token, email: form.get('email') ?? email, password: form.get('password'), password_confirmation: form.get('password_confirmation') },
    });
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

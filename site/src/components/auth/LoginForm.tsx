import { useState } from 'react';
import { translator, type Lines } from '../../lib/i18n.ts';
import { ok, sessionApi } from '../../lib/island-api.ts';
import { humanCheckToken } from '../../lib/recaptcha.ts';
import { Field, formText, goAfterLogin, useServerForm } from './form.tsx';
import TwoFactorChallenge from './TwoFactorChallenge.tsx';

interface Props {
  lines: Lines;
  /** A same-site path to return to after logging in, from ?redirect=. */
  redirect: string | null;
  /** The reCAPTCHA site key when the human check is on for logins. */
  humanCheckKey?: string | null;
}

export default function LoginForm({ lines, redirect, humanCheckKey }: Props) {
  const t = translator(lines);
  const { formRef, busy, errors, submit } = useServerForm(t('There was an issue. Please try again.'));
  const [challenge, setChallenge] = useState(false);

  const onSubmit = submit(async (form) => {
    const response = await ok(
      sessionApi.auth.login.$post({
        json: {
          email: formText(form, 'email'),
          password: formText(form, 'password'),
          remember: form.get('remember') === 'on',
          ...(humanCheckKey ? { token: await humanCheckToken(humanCheckKey, 'login') } : {}),
        },
      }),
    );
    if (response.two_factor) setChallenge(true);
    else await goAfterLogin(redirect ?? response.redirect_uri ?? '/');
  });

  if (challenge) return <TwoFactorChallenge lines={lines} redirect={redirect} />;

  return (
    <form ref={formRef} onSubmit={onSubmit} method="post" noValidate>
      <Field id="login-email" name="email" type="email" label={t('Email')} autoComplete="email" error={errors.email} />
      <Field id="login-password" name="password" type="password" label={t('Password')} autoComplete="current-password" error={errors.password} />
      <p style={{ margin: '-8px 0 16px', textAlign: 'right' }}>
        <a href="/forgot-password" style={{ color: 'var(--primary)', fontSize: 14 }}>
          {t('Forgot your password?')}
        </a>
      </p>
      <label className="checkbox">
        <input type="checkbox" name="remember" defaultChecked />
        {t('Stay signed in for a month')}
      </label>
      <button type="submit" className="button primary" disabled={busy}>
        {t('Continue')}
      </button>
    </form>
  );
}

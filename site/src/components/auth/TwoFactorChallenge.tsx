import { useState } from 'react';
import { translator, type Lines } from '../../lib/i18n.ts';
import { ok, sessionApi } from '../../lib/island-api.ts';
import { Field, formText, goAfterLogin, useServerForm } from './form.tsx';

/** The second step of a login: a code from the authenticator app, or one of the recovery codes. */
export default function TwoFactorChallenge({ lines, redirect }: { lines: Lines; redirect: string | null }) {
  const t = translator(lines);
  const { formRef, busy, errors, submit } = useServerForm(t('There was an issue. Please try again.'));
  const [useRecovery, setUseRecovery] = useState(false);

  const onSubmit = submit(async (form) => {
    const json = useRecovery ? { recovery_code: formText(form, 'recovery_code').trim() } : { code: formText(form, 'code').trim() };
    const response = await ok(sessionApi.auth['two-factor-challenge'].$post({ json }));
    await goAfterLogin(redirect ?? response.redirect_uri);
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} method="post" noValidate data-testid="two-factor-challenge">
      <h2 style={{ fontSize: 18, marginTop: 0 }}>{t('Two-factor authentication')}</h2>
      <p className="muted">
        {useRecovery
          ? t('Confirm access to your account by entering one of your emergency recovery codes.')
          : t('Confirm access to your account by entering the authentication code provided by your authenticator application.')}
      </p>
      {useRecovery ? (
        <Field key="recovery" id="challenge-recovery-code" name="recovery_code" label={t('Recovery code')} autoComplete="one-time-code" error={errors.recovery_code} />
      ) : (
        <Field key="code" id="challenge-code" name="code" label={t('Code')} autoComplete="one-time-code" error={errors.code} />
      )}
      <button type="submit" className="button primary" disabled={busy}>
        {t('Continue')}
      </button>
      <p style={{ textAlign: 'center', marginBottom: 0 }}>
        <button type="button" className="link-button" onClick={() => setUseRecovery(!useRecovery)}>
          {useRecovery ? t('Use an authentication code') : t('Use a recovery code')}
        </button>
      </p>
    </form>
  );
}

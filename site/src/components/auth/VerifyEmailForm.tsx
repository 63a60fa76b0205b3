import { useState } from 'react';
import { HttpError } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { formText, useServerForm } from './form.tsx';

interface Props {
  lines: Lines;
  maskedEmail: string;
  hasEmail: boolean;
}

/** The 'Verify your email' gate: a correct code reloads the whole page into the app. */
export default function VerifyEmailForm({ lines, maskedEmail, hasEmail }: Props) {
  const t = translator(lines);
  const { formRef, busy, errors, submit } = useServerForm(t('There was an issue. Please try again.'));
  const [resending, setResending] = useState(false);

  const onSubmit = submit(async (form) => {
    await ok(islandApi['validate-email-verification-otp'].$post({ json: { code: formText(form, 'code').trim() } }));
    window.location.reload();
  });

  const resend = async () => {
    setResending(true);
    try {
      const response = await ok(islandApi['resend-email-verification'].$post({ json: {} }));
      toast(t(response.message));
    } catch (error) {
      toast.danger(error instanceof HttpError ? error.message : t('There was an issue. Please try again.'));
    } finally {
      setResending(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} method="post" noValidate>
      <p>{t('Enter the verification code we sent to :email', { email: maskedEmail })}</p>
      <div className="field">
        <label htmlFor="verify-code">{t('Code')}</label>
        <input
          id="verify-code"
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]*"
          required
          placeholder={t('Enter your verification code')}
          aria-invalid={Boolean(errors.code)}
          aria-describedby={errors.code ? 'verify-code-error' : undefined}
        />
        {errors.code && (
          <span id="verify-code-error" className="field-error">
            {errors.code}
          </span>
        )}
      </div>
      <button type="submit" className="button primary" disabled={busy}>
        {t('Next')}
      </button>
      <p className="muted" style={{ marginTop: 20, fontSize: 14 }}>
        {t("If you don't see the email in your inbox, check your spam or promotions folder. If you still don't see it,")}{' '}
        <button type="button" className="link-button" onClick={resend} disabled={resending || !hasEmail || busy}>
          {t('request a resend')}
        </button>
        .
      </p>
    </form>
  );
}

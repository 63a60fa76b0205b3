import './SocialButtons.css';
import { useRef, useState, type SubmitEvent } from 'react';
import { HttpError } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { ok, sessionApi } from '../../lib/island-api.ts';
import { openSocialPopup, SOCIAL_LABELS } from '../../lib/social.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { formText, goAfterLogin } from './form.tsx';

interface Props {
  lines: Lines;
  services: string[];
  compact: boolean;
  siteOrigin: string;
  redirect: string | null;
}

/** "Continue with …" buttons; a popup runs the provider's sign-in and reports back. */
export default function SocialButtons({ lines, services, compact, siteOrigin, redirect }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);

  if (!services.length) return null;

  const start = async (service: string) => {
    const message = await openSocialPopup(`/secure/auth/social/${service}/login`, siteOrigin);
    if (!message) return;
    if (message.status === 'SUCCESS' || message.status === 'ALREADY_LOGGED_IN') await goAfterLogin(redirect ?? message.redirectUri ?? '/');
    else if (message.status === 'REQUEST_PASSWORD') dialogRef.current?.showModal();
    else toast.danger(message.errorMessage || t('An error occurred. Please try again later'));
  };

  const connect = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPasswordError(null);
    try {
      const response = await ok(sessionApi.secure.auth.social.connect.$post({ json: { password: formText(new FormData(event.currentTarget), 'password') } }));
      dialogRef.current?.close();
      await goAfterLogin(redirect ?? response.redirect_uri);
    } catch (error) {
      if (error instanceof HttpError && error.errors.password) setPasswordError(error.errors.password);
      else toast.danger((error as Error).message);
    }
  };

  return (
    <div className="social-login">
      <div className="divider">
        <span>{compact ? t('Or sign up with') : t('OR')}</span>
      </div>
      <div className={compact ? 'social-buttons compact' : 'social-buttons'}>
        {services.map((service) => (
          <button key={service} type="button" className="button" disabled={!hydrated} onClick={() => void start(service)} aria-label={t('Continue with :service', { service: SOCIAL_LABELS[service] })}>
            {compact ? SOCIAL_LABELS[service] : t('Continue with :service', { service: SOCIAL_LABELS[service] })}
          </button>
        ))}
      </div>
      <dialog ref={dialogRef} className="dialog" aria-labelledby="social-password-title">
        <form onSubmit={connect} noValidate>
          <h2 id="social-password-title">{t('Password required')}</h2>
          <p className="muted">{t('An account with this email address already exists. Enter its password to connect the two accounts.')}</p>
          <div className="field">
            <label htmlFor="social-password">{t('Password')}</label>
            <input id="social-password" name="password" type="password" autoComplete="current-password" required aria-invalid={Boolean(passwordError)} aria-describedby={passwordError ? 'social-password-error' : undefined} />
            {passwordError && <span id="social-password-error" className="field-error">{passwordError}</span>}
          </div>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
              {t('Cancel')}
            </button>
            <button type="submit" className="button primary">
              {t('Connect')}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}

import { useRef, useState, type SubmitEvent } from 'react';
import { HttpError } from '../../lib/http.ts';
import { ok, sessionApi } from '../../lib/island-api.ts';
import type { Translate } from './types.ts';

/**
 * Sensitive actions answer 423 until the password was confirmed in the last 9000 seconds. This
 * hook runs an action, asks for the password in a modal when the server wants it, and retries.
 */
export function usePasswordConfirmation(t: Translate) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pendingRef = useRef<{ action: () => Promise<void>; resolve: () => void; reject: (error: unknown) => void } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const withConfirmation = (action: () => Promise<void>) =>
    action().catch(
      (failure) =>
        new Promise<void>((resolve, reject) => {
          if (!(failure instanceof HttpError) || failure.status !== 423) return reject(failure);
          pendingRef.current = { action, resolve, reject };
          setError(null);
          dialogRef.current?.showModal();
        }),
    );

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (!password) return setError(t('Enter your password.'));
    setBusy(true);
    try {
      await ok(sessionApi.auth.user['confirm-password'].$post({ json: { password } }));
      dialogRef.current?.close();
      (event.target as HTMLFormElement).reset();
      const pending = pendingRef.current;
      pendingRef.current = null;
      await pending?.action().then(pending.resolve, pending.reject);
    } catch (failure) {
      setError(failure instanceof HttpError ? (failure.errors.password ?? failure.message) : t('There was an issue. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    dialogRef.current?.close();
    pendingRef.current?.reject(new Error(t('Password confirmation was cancelled.')));
    pendingRef.current = null;
  };

  const dialog = (
    <dialog ref={dialogRef} className="dialog" aria-labelledby="confirm-password-title" onCancel={cancel}>
      <form onSubmit={onSubmit} method="dialog" noValidate>
        <h2 id="confirm-password-title">{t('Confirm password')}</h2>
        <p className="muted">{t('For your security, please confirm your password to continue.')}</p>
        <div className="field">
          <label htmlFor="confirm-password-input">{t('Password')}</label>
          <input id="confirm-password-input" name="password" type="password" autoComplete="current-password" required aria-invalid={Boolean(error)} aria-describedby={error ? 'confirm-password-error' : undefined} />
          {error && (
            <span id="confirm-password-error" className="field-error">
              {error}
            </span>
          )}
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={cancel}>
            {t('Cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {t('Confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );

  return { withConfirmation, dialog };
}

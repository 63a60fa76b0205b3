import './account.css';
import './TwoFactor.css';
import { useState } from 'react';
import type { InferResponseType } from 'hono/client';
import { HttpError } from '../../lib/http.ts';
import { ok, sessionApi } from '../../lib/island-api.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { Section } from './Section.tsx';
import type { Translate } from './types.ts';

type State = 'off' | 'setup' | 'enabled';

const qrCode = sessionApi.auth.user['two-factor']['qr-code'];

/**
 * Off → (Enable, after password confirmation) setup with QR code → (code confirmed) enabled with
 * recovery codes; Cancel or Disable goes back to off.
 */
export function TwoFactor({ t, initialState, withConfirmation }: { t: Translate; initialState: State; withConfirmation: (action: () => Promise<void>) => Promise<void> }) {
  const [state, setState] = useState<State>(initialState);
  const [qr, setQr] = useState<InferResponseType<typeof qrCode.$get, 200> | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const fail = (error: unknown) => toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again.'));

  const loadQr = async () => setQr(await ok(qrCode.$get()));

  const enable = () =>
    withConfirmation(async () => {
      await ok(sessionApi.auth.user['two-factor-authentication'].$post());
      await loadQr();
      setState('setup');
    }).catch(fail);

  const confirm = () =>
    withConfirmation(async () => {
      setCodeError(null);
      try {
        const response = await ok(sessionApi.auth.user['confirmed-two-factor-authentication'].$post({ json: { code: code.trim() } }));
        setCodes(response.recovery_codes);
        setQr(null);
        setCode('');
        setState('enabled');
      } catch (error) {
        if (error instanceof HttpError && error.errors.code) setCodeError(error.errors.code);
        else throw error;
      }
    }).catch(fail);

  const regenerate = () =>
    withConfirmation(async () => {
      setCodes((await ok(sessionApi.auth.user['two-factor-recovery-codes'].$post())).recovery_codes);
    }).catch(fail);

  const disable = () =>
    withConfirmation(async () => {
      await ok(sessionApi.auth.user['two-factor-authentication'].$delete());
      setState('off');
      setQr(null);
      setCodes(null);
    }).catch(fail);

  return (
    <Section id="two-factor" title={t('Two factor authentication')} description={t('Add additional security to your account using two factor authentication.')}>
      <p>
        <strong>
          {state === 'enabled' ? t('You have enabled two factor authentication.') : state === 'setup' ? t('Finish enabling two factor authentication.') : t('You have not enabled two factor authentication.')}
        </strong>
      </p>
      <p className="muted small">
        {t("When two factor authentication is enabled, you will be prompted for a secure, random token during authentication. You may retrieve this token from your phone's authenticator application.")}
      </p>

      {state === 'setup' && (
        <div className="two-factor-setup">
          {qr ? (
            <>
              <p>{t("To finish enabling two factor authentication, scan the following QR code using your phone's authenticator application or enter the setup key and provide the generated OTP code.")}</p>
              <img className="qr-code" src={`data:image/svg+xml;base64,${btoa(qr.svg)}`} alt={t('QR code for your authenticator app')} width={180} height={180} />
              <p className="small">
                {t('Setup key')}: <code data-testid="two-factor-secret">{qr.secret}</code>
              </p>
            </>
          ) : (
            <button type="button" className="button" onClick={() => withConfirmation(loadQr).catch(fail)}>
              {t('Show QR code')}
            </button>
          )}
          <div className="field" style={{ maxWidth: 240 }}>
            <label htmlFor="two-factor-code">{t('Code')}</label>
            <input id="two-factor-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.currentTarget.value)} aria-invalid={Boolean(codeError)} aria-describedby={codeError ? 'two-factor-code-error' : undefined} />
            {codeError && <span id="two-factor-code-error" className="field-error">{codeError}</span>}
          </div>
        </div>
      )}

      {codes && (
        <div className="token-created" role="status">
          <p>{t('Store these recovery codes in a secure password manager. They can be used to recover access to your account if your two factor authentication device is lost.')}</p>
          <ul className="recovery-codes" data-testid="recovery-codes">
            {codes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="dialog-actions" style={{ justifyContent: 'flex-start' }}>
        {state === 'off' && (
          <button type="button" className="button primary" onClick={enable}>
            {t('Enable')}
          </button>
        )}
        {state === 'setup' && (
          <>
            <button type="button" className="button primary" onClick={confirm} disabled={!/^\d{6}$/.test(code.trim())}>
              {t('Confirm')}
            </button>
            <button type="button" className="button" onClick={disable}>
              {t('Cancel')}
            </button>
          </>
        )}
        {state === 'enabled' && (
          <>
            <button type="button" className="button" onClick={regenerate}>
              {t('Regenerate recovery codes')}
            </button>
            <button type="button" className="button danger" onClick={disable}>
              {t('Disable')}
            </button>
          </>
        )}
      </div>
    </Section>
  );
}

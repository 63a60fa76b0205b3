import './account.css';
import './ActiveSessions.css';
import { useEffect, useState } from 'react';
import type { InferResponseType } from 'hono/client';
import { islandApi, ok } from '../../lib/island-api.ts';
import { relativeTime } from '../../lib/relative-time.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { Section } from './Section.tsx';
import type { Translate } from './types.ts';

type SessionInfo = InferResponseType<(typeof islandApi)['user-sessions']['$get'], 200>['sessions'][number];

export function ActiveSessions({ t, language }: { t: Translate; language: string }) {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const load = () => ok(islandApi['user-sessions'].$get()).then((r) => setSessions(r.sessions), (e: Error) => toast.danger(e.message));
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once when shown; load is rebuilt each render
  useEffect(() => void load(), []);

  const logoutOthers = async () => {
    setError(null);
    try {
      await ok(islandApi['user-sessions']['logout-other'].$post({ json: { password } }));
      setAsking(false);
      setPassword('');
      toast(t('Logged out of other sessions.'));
      await load();
    } catch (failure) {
      setError((failure as { errors?: Record<string, string> }).errors?.password ?? (failure as Error).message);
    }
  };

  return (
    <Section id="sessions" title={t('Active sessions')} description={t('If necessary, you may log out of all of your other browser sessions across all of your devices.')}>
      {!sessions ? (
        <p className="muted">{t('Loading…')}</p>
      ) : (
        <ul className="session-list">
          {sessions.map((session) => (
            <li key={session.id} data-testid="session">
              <strong>
                {[session.platform, session.browser].filter(Boolean).join(' - ') || t('Unknown device')}
                {session.device_type ? ` (${t(session.device_type)})` : ''}
              </strong>
              <span className="muted small">
                {[session.city, session.country].filter(Boolean).join(', ')}
                {session.ip_address ? ` ${session.ip_address}` : ''}
                {' · '}
                {session.is_current_device ? <span className="current-device">{t('This device')}</span> : relativeTime(session.last_active, language)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {asking ? (
        <div className="inline-confirm">
          <div className="field">
            <label htmlFor="logout-other-password">{t('Password')}</label>
            <input id="logout-other-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} aria-invalid={Boolean(error)} aria-describedby={error ? 'logout-other-error' : undefined} />
            {error && <span id="logout-other-error" className="field-error">{error}</span>}
          </div>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setAsking(false)}>
              {t('Cancel')}
            </button>
            <button type="button" className="button primary" onClick={logoutOthers} disabled={!password}>
              {t('Log out other sessions')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setAsking(true)} disabled={!sessions || sessions.length < 2}>
          {t('Log out other sessions')}
        </button>
      )}
    </Section>
  );
}

import './SubsonicApps.css';
import { useEffect, useState } from 'react';
import { islandApi, ok } from '../../lib/island-api.ts';
import { relativeTime } from '../../lib/relative-time.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { Section } from './Section.tsx';
import { ShownOnceSecret } from './ShownOnceSecret.tsx';
import type { Translate } from './types.ts';

const appPassword = islandApi.users.me['subsonic-app-password'];

/**
 * What to type into a Subsonic app (Symfonium, DSub, Feishin…): the server, the email as the
 * username, and an app password made here, shown once; never the login password.
 */
export function SubsonicApps({ t, language, email, server, withConfirmation }: { t: Translate; language: string; email: string; server: string; withConfirmation: (action: () => Promise<void>) => Promise<void> }) {
  const [createdAt, setCreatedAt] = useState<string | null | undefined>(undefined);
  const [created, setCreated] = useState<string | null>(null);

  const load = () => ok(appPassword.$get()).then((r) => setCreatedAt(r.created_at), (e: Error) => toast.danger(e.message));
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once when shown; load is rebuilt each render
  useEffect(() => void load(), []);

  const generate = () =>
    withConfirmation(async () => {
      const response = await ok(appPassword.$post());
      setCreated(response.password);
      setCreatedAt(response.created_at);
    }).catch((error) => toast.danger((error as Error).message));

  const revoke = () =>
    withConfirmation(async () => {
      await ok(appPassword.$delete());
      setCreated(null);
      setCreatedAt(null);
      toast(t('App password revoked'));
    }).catch((error) => toast.danger((error as Error).message));


  return (
    <Section id="subsonic" title={t('Subsonic apps')} description={t('Play music from this site in apps that speak the Subsonic API, such as Symfonium, DSub, Feishin or Supersonic. Enter these details in the app.')}>
      <dl className="subsonic-details">
        <dt>{t('Server address')}</dt>
        <dd>
          <code>{server}</code>
        </dd>
        <dt>{t('Username')}</dt>
        <dd>
          <code>{email}</code>
        </dd>
        <dt>{t('Password')}</dt>
        <dd data-testid="subsonic-password-state">
          {createdAt ? t('Your app password, made :time', { time: relativeTime(createdAt, language) }) : createdAt === null ? t('Make an app password below. Your login password does not work in apps.') : null}
        </dd>
      </dl>
      {created && <ShownOnceSecret t={t} notice={t("Copy your new app password now. For your security, it won't be shown again.")} value={created} testId="subsonic-app-password" />}
      <div className="actions">
        <button type="button" className="button primary" onClick={() => void generate()} disabled={createdAt === undefined}>
          {createdAt ? t('Make a new app password') : t('Make an app password')}
        </button>
        {createdAt && (
          <button type="button" className="button" onClick={() => void revoke()}>
            {t('Revoke app password')}
          </button>
        )}
      </div>
      {createdAt && <p className="muted small">{t('A new app password replaces the old one: apps using it must be given the new one.')}</p>}
    </Section>
  );
}

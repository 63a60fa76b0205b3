import './account.css';
import { useState } from 'react';
import { HttpError } from '../../lib/http.ts';
import { islandApi, ok, sessionApi } from '../../lib/island-api.ts';
import { openSocialPopup, SOCIAL_LABELS } from '../../lib/social.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { Section } from './Section.tsx';
import type { Translate } from './types.ts';

interface Props {
  t: Translate;
  services: string[];
  connected: { service_name: string; username: string }[];
  siteOrigin: string;
  withConfirmation: (action: () => Promise<void>) => Promise<void>;
}

/** Each enabled provider with its state: the connected username, or "Disabled". */
export function SocialLogins({ t, services, connected, siteOrigin, withConfirmation }: Props) {
  const [profiles, setProfiles] = useState(connected);

  const enable = (service: string) =>
    withConfirmation(async () => {
      // The server wants a recent password confirmation before connecting: ask for it first (423).
      const { confirmed } = await ok(sessionApi.auth.user['confirmed-password-status'].$get({ query: { seconds: '9000' } }));
      if (!confirmed) throw new HttpError(423, 'Confirm your password to continue.', {});
      const message = await openSocialPopup(`/secure/auth/social/${service}/connect`, siteOrigin);
      if (!message) return;
      if (message.status === 'SUCCESS') {
        const me = await ok(islandApi.users[':id'].$get({ param: { id: 'me' } }));
        setProfiles(me.user.social_profiles ?? []);
        toast(t('Enabled :service account', { service: SOCIAL_LABELS[service] }));
      } else {
        toast.danger(message.errorMessage || t('An error occurred. Please try again later'));
      }
    }).catch((error) => toast.danger((error as Error).message));

  const disable = async (service: string) => {
    try {
      await ok(sessionApi.secure.auth.social[':service'].disconnect.$post({ param: { service } }));
      setProfiles((list) => list.filter((p) => p.service_name !== service));
      toast(t('Disabled :service account', { service: SOCIAL_LABELS[service] }));
    } catch (error) {
      toast.danger((error as Error).message);
    }
  };

  return (
    <Section id="social-login" title={t('Manage social login')} description={t('Enable or disable connected social login accounts.')}>
      <ul className="session-list">
        {services.map((service) => {
          const profile = profiles.find((p) => p.service_name === service);
          return (
            <li key={service} data-testid={`social-${service}`}>
              <strong>{SOCIAL_LABELS[service]}</strong>
              <span className="muted small">{profile ? profile.username || t('Connected') : t('Disabled')}</span>
              {profile ? (
                <button type="button" className="button" onClick={() => disable(service)}>
                  {t('Disable')}
                </button>
              ) : (
                <button type="button" className="button" onClick={() => enable(service)}>
                  {t('Enable')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <p className="muted small">{t("If you disable social logins, you'll still be able to log in using email and password.")}</p>
    </Section>
  );
}

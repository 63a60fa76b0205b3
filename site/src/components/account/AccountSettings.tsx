import './AccountSettings.css';
import { translator, type Lines } from '../../lib/i18n.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { AccountDetails } from './AccountDetails.tsx';
import { ActiveSessions } from './ActiveSessions.tsx';
import { ChangePassword } from './ChangePassword.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { Developers } from './Developers.tsx';
import { LocationAndLanguage } from './LocationAndLanguage.tsx';
import { SocialLogins } from './SocialLogins.tsx';
import { SubsonicApps } from './SubsonicApps.tsx';
import { TwoFactor } from './TwoFactor.tsx';
import type { AccountUser } from './types.ts';
import { usePasswordConfirmation } from './usePasswordConfirmation.tsx';
import { WorkspacesSection } from '../workspaces/WorkspacesSection.tsx';

interface Props {
  lines: Lines;
  language: string;
  user: AccountUser;
  /** The developers section: the API is on and the user has api.access. */
  showDevelopers: boolean;
  twoFactorState: 'off' | 'setup' | 'enabled';
  /** Enabled social sign-in services; the section is hidden when there are none. */
  socialServices: string[];
  socialProfiles: { service_name: string; username: string }[];
  siteOrigin: string;
  /** The address Subsonic apps connect to, when the Subsonic API is on. */
  subsonicServer?: string;
}

/** /account-settings: every section in one island so they share the password confirmation dialog. */
export default function AccountSettings({ lines, language, user, showDevelopers, twoFactorState, socialServices, socialProfiles, siteOrigin, subsonicServer }: Props) {
  const t = translator(lines);
  const { withConfirmation, dialog } = usePasswordConfirmation(t);
  // Every control here needs the island's JavaScript: until it runs, a click would be lost.
  const hydrated = useHydrated();
  return (
    <fieldset className="island-controls" disabled={!hydrated}>
      <AccountDetails t={t} user={user} />
      {socialServices.length > 0 && <SocialLogins t={t} services={socialServices} connected={socialProfiles} siteOrigin={siteOrigin} withConfirmation={withConfirmation} />}
      <ChangePassword t={t} />
      <TwoFactor t={t} initialState={twoFactorState} withConfirmation={withConfirmation} />
      <ActiveSessions t={t} language={language} />
      <LocationAndLanguage t={t} user={user} />
      {subsonicServer && <SubsonicApps t={t} language={language} email={user.email} server={subsonicServer} withConfirmation={withConfirmation} />}
      {showDevelopers && <Developers t={t} language={language} withConfirmation={withConfirmation} />}
      <WorkspacesSection t={t} userId={user.id} />
      <DeleteAccount t={t} userId={user.id} withConfirmation={withConfirmation} />
      {dialog}
    </fieldset>
  );
}

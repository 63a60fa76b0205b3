import './dropdown.css';
import './UserMenu.css';
import { navigate } from 'astro:transitions/client';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { inAppearancePreview } from '../lib/appearance-preview.ts';
import { writeCookie } from '../lib/http.ts';
import { translator, type Lines } from '../lib/i18n.ts';
import { ok, sessionApi } from '../lib/island-api.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { useMenuButton } from '../lib/use-menu-button.ts';
import { accountProfileAtom } from '../stores/account.atoms.ts';
import { appStore } from '../stores/store.ts';
import { toast } from '../stores/toast.atoms.ts';
import Icon, { type IconName } from './Icon.tsx';

export interface ThemeChoice {
  id: number;
  isDark: boolean;
  css: string;
}

interface Props {
  lines: Lines;
  user: { id: number; name: string; image: string | null };
  items: { id: string; label: string; action: string; icon?: string; target?: string; mobileOnly?: boolean; count?: number }[];
  /** The default light and dark themes, when users may switch between them. */
  themes: { light: ThemeChoice; dark: ThemeChoice } | null;
}

export const THEME_COOKIE_DAYS = 7;

function isDarkNow(): boolean {
  return document.documentElement.classList.contains('dark');
}

/** Switches theme without a reload and remembers it in the be-active-theme cookie. */
function applyTheme(theme: ThemeChoice) {
  writeCookie('be-active-theme', String(theme.id), THEME_COOKIE_DAYS);
  const style = document.getElementById('theme-vars');
  if (style) style.textContent = theme.css;
  document.documentElement.classList.toggle('dark', theme.isDark);
  document.documentElement.style.colorScheme = theme.isDark ? 'dark' : 'light';
}

export default function UserMenu({ lines, user: rendered, items, themes }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const { open, setOpen, close, triggerProps, menuProps } = useMenuButton();
  // A rename or new picture saved in account settings shows here at once (after hydration, so the
  // first render matches the server's).
  const changed = useAtomValue(accountProfileAtom, { store: appStore });
  const user = hydrated && changed?.id === rendered.id ? changed : rendered;
  const [dark, setDark] = useState(false);

  useEffect(() => setDark(isDarkNow()), [open]);

  const logout = async () => {
    setOpen(false);
    // The editor previews the site as the admin using it: logging out there would log out the editor too.
    if (inAppearancePreview()) return void toast.danger(t("Can't logout while in appearance editor."));
    try {
      await ok(sessionApi.auth.logout.$post());
      await navigate('/login');
    } catch (error) {
      toast.danger((error as Error).message);
    }
  };

  const initials = user.name.slice(0, 1).toUpperCase();

  return (
    <div className="dropdown">
      <button
        {...triggerProps}
        type="button"
        className="dropdown-trigger"
        disabled={!hydrated}
        data-testid="user-menu"
      >
        {user.image ? <img className="avatar" src={user.image} alt="" /> : <span className="avatar" aria-hidden="true">{initials}</span>}
        <span className="name">{user.name}</span>
      </button>
      {open && (
        <ul {...menuProps} className="dropdown-menu" aria-label={t('Account')}>
          {items.map((item) => (
            <li key={item.id} role="none" className={item.mobileOnly ? 'mobile-only' : undefined}>
              <a
                role="menuitem"
                href={item.action}
                target={item.target}
                tabIndex={-1}
                onClick={() => setOpen(false)}
                // The back office is its own application: load it fully instead of swapping pages.
                data-astro-reload={item.action.startsWith('/admin') || undefined}
              >
                {item.icon && item.icon in ICONS ? <Icon name={ICONS[item.icon]} /> : null}
                {t(item.label)}
                {item.count ? <span className="badge">{item.count > 99 ? '99+' : item.count}</span> : null}
              </a>
            </li>
          ))}
          {themes && (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  applyTheme(dark ? themes.light : themes.dark);
                  close();
                }}
              >
                <Icon name={dark ? 'lightMode' : 'darkMode'} />
                {dark ? t('Light mode') : t('Dark mode')}
              </button>
            </li>
          )}
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} onClick={logout}>
              <Icon name="logout" />
              {t('Log out')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

const ICONS: Record<string, IconName> = { billing: 'creditCard', dashboard: 'dashboard', home: 'home', music: 'music', notifications: 'notifications', settings: 'settings' };

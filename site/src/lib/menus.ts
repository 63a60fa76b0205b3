import type { BootstrapData, MenuItemConfig } from '@app/api';
import type { IconName } from '../components/Icon.tsx';
import { isSubscribed } from './subscriptions.ts';

/**
 * A menu item shows only when the user has all its roles and permissions, every listed setting
 * has its expected value, and the subscription condition holds. Items without an action are dropped.
 * `{currentUser}` in an action becomes the current user's id.
 */
export function visibleMenuItems(bootstrap: BootstrapData, position: string): (MenuItemConfig & { action: string })[] {
  const menus = bootstrap.settings.menus ?? [];
  const user = bootstrap.user;
  const granted = new Set(bootstrap.permissions.map((p) => p.name));
  const isAdmin = granted.has('admin');
  const roleIds = new Set(user?.roles.map((r) => r.id) ?? []);
  const subscribed = isSubscribed(user);
  const settings = bootstrap.settings as Record<string, unknown>;

  return menus
    .filter((menu) => menu.positions.includes(position))
    .flatMap((menu) => menu.items)
    .filter((item): item is MenuItemConfig & { action: string } => {
      if (!item.action) return false;
      if (item.roles?.length && !item.roles.every((id) => roleIds.has(id))) return false;
      if (item.permissions?.length && !isAdmin && !item.permissions.every((name) => granted.has(name))) return false;
      if (item.settings && !Object.entries(item.settings).every(([name, value]) => settings[name] === value)) return false;
      if (item.subscriptionStatus === 'subscribed' && !subscribed) return false;
      if (item.subscriptionStatus === 'notSubscribed' && subscribed) return false;
      return true;
    })
    .map((item) => ({ ...item, action: user ? item.action.replaceAll('{currentUser}', String(user.id)) : item.action }));
}

/** The icons menu items may name (the `icon` of an item in the menus setting). */
const MENU_ICONS: Record<string, IconName> = {
  home: 'home',
  dashboard: 'dashboard',
  music: 'music',
  library: 'library',
  favorite: 'heart',
  album: 'album',
  person: 'person',
  playlist: 'queueMusic',
  history: 'history',
};

export function menuIcon(name: string | undefined): IconName | undefined {
  return name && Object.hasOwn(MENU_ICONS, name) ? MENU_ICONS[name] : undefined;
}

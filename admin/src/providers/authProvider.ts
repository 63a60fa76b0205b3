import { HttpError, type AuthProvider } from 'react-admin';
import { msg } from '../i18n/messages.ts';
import { httpClient } from './httpClient.ts';
import { loadInterfaceLanguage } from './interfaceLanguage.ts';

interface Me {
  id: number;
  display_name: string;
  image: string | null;
  permissions: { name: string }[];
}

/** Which permission each resource needs; the API checks the same on every call. */
const RESOURCE_PERMISSIONS: Record<string, { read: string[]; write: string[] }> = {
  tracks: { read: ['music.update'], write: ['music.update'] },
  albums: { read: ['music.update'], write: ['music.update'] },
  artists: { read: ['music.update'], write: ['music.update'] },
  genres: { read: ['music.update'], write: ['music.update'] },
  users: { read: ['users.update'], write: ['users.update'] },
  roles: { read: ['roles.update', 'users.update'], write: ['roles.update'] },
  'outgoing-emails': { read: ['logs.view'], write: [] },
  'schedule-runs': { read: ['logs.view'], write: [] },
  channels: { read: ['music.update'], write: ['music.update'] },
  playlists: { read: ['playlists.update'], write: ['playlists.update'] },
  lyrics: { read: ['music.update'], write: ['music.update'] },
  comments: { read: ['comments.update'], write: ['comments.update'] },
  tags: { read: ['tags.update'], write: ['tags.update'] },
  'custom-pages': { read: ['custom_pages.update'], write: ['custom_pages.update'] },
  localizations: { read: ['localizations.update'], write: ['localizations.update'] },
  ads: { read: ['settings.update'], write: ['settings.update'] },
  'backstage-requests': { read: ['users.update'], write: ['users.update'] },
  files: { read: ['files.update'], write: ['files.update'] },
  upload: { read: ['music.create'], write: ['music.create'] },
  plans: { read: ['plans.update'], write: ['plans.update'] },
  subscriptions: { read: ['subscriptions.update'], write: ['subscriptions.update'] },
};

let current: Promise<Me | null> | null = null;

async function fetchMe(): Promise<Me | null> {
  try {
    const { json } = await httpClient('/api/v1/users/me');
    return json.user as Me;
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
}

/** The user is read once per page load and after login or logout, not on every navigation. */
const me = () => (current ??= fetchMe().catch((error) => {
  current = null;
  throw error;
}));

const names = (user: Me) => user.permissions.map((p) => p.name);
const grants = (user: Me, name: string) => names(user).includes('admin') || names(user).includes(name);

export const authProvider: AuthProvider = {
  async login({ username, password }) {
    current = null;
    try {
      await httpClient('/auth/login', { method: 'POST', body: JSON.stringify({ email: username, password, remember: true }) });
    } catch (error) {
      throw new Error(error instanceof HttpError ? (error.body?.errors?.email ?? error.message) : msg('There was an issue. Please try again.'));
    }
    const user = await me();
    if (!user || !grants(user, 'admin.access')) {
      await authProvider.logout({});
      throw new Error(msg("This account can't open the admin area."));
    }
    // The back office is drawn after this, in the language of the user who just logged in.
    await loadInterfaceLanguage();
  },
  async logout() {
    current = null;
    await httpClient('/auth/logout', { method: 'POST' }).catch(() => undefined);
    await loadInterfaceLanguage();
  },
  async checkAuth() {
    const user = await me();
    if (!user) throw new Error(msg('Please log in.'));
    if (!grants(user, 'admin.access')) throw new Error(msg("This account can't open the admin area."));
  },
  async checkError(error) {
    if (error?.status === 401) {
      current = null;
      throw error;
    }
  },
  async getIdentity() {
    const user = await me();
    if (!user) throw new Error(msg('Please log in.'));
    return { id: user.id, fullName: user.display_name, avatar: user.image ?? undefined };
  },
  async getPermissions() {
    const user = await me();
    return user ? names(user) : [];
  },
  async canAccess({ resource, action }) {
    const user = await me();
    if (!user) return false;
    const rule = RESOURCE_PERMISSIONS[resource];
    if (!rule) return grants(user, 'admin.access');
    const needed = ['list', 'show', 'export'].includes(action) ? rule.read : rule.write;
    return needed.some((name) => grants(user, name));
  },
};

import { httpClient } from '../providers/httpClient.ts';

interface Session {
  id: string;
  device_type: string | null;
  platform: string | null;
  browser: string | null;
  country: string | null;
  ip_address: string | null;
  last_active: string;
  is_current_device: boolean;
}

interface Token {
  id: number;
  name: string;
  last_used_at: string | null;
  created_at: string;
}

interface ValueLists {
  countries: { code: string; name: string }[];
  timezones: Record<string, { value: string; text: string }[]>;
  localizations: { language: string; name: string }[];
}

const userUrl = (userId: number, path: string) => `/api/admin/users/${userId}/${path}`;

async function read<T>(url: string): Promise<{ data: T }> {
  return { data: (await httpClient(url)).json as T };
}

async function act(url: string, method: 'POST' | 'DELETE'): Promise<{ data: null }> {
  await httpClient(url, { method });
  return { data: null };
}

/** The data provider's methods for a user's security tab, API tokens and the edit form's choices. */
export const userMethods = {
  getUserSessions: (userId: number) => read<Session[]>(userUrl(userId, 'sessions')),
  getUserTokens: (userId: number) => read<Token[]>(userUrl(userId, 'tokens')),
  suspendUser: (userId: number) => act(userUrl(userId, 'suspend'), 'POST'),
  unsuspendUser: (userId: number) => act(userUrl(userId, 'unsuspend'), 'POST'),
  resetUserTwoFactor: (userId: number) => act(userUrl(userId, 'two-factor/reset'), 'POST'),
  /** Every session of the user but the one this request comes from. */
  endUserSessions: (userId: number) => act(userUrl(userId, 'sessions'), 'DELETE'),
  endUserSession: (userId: number, sessionId: string) => act(userUrl(userId, `sessions/${encodeURIComponent(sessionId)}`), 'DELETE'),
  revokeUserToken: (userId: number, tokenId: number) => act(userUrl(userId, `tokens/${tokenId}`), 'DELETE'),
  getValueLists: () => read<ValueLists>('/api/v1/value-lists/timezones,countries,localizations'),
};

/**
 * The four social sign-in providers of the spec. Addresses are the providers' own; each can be
 * replaced with SOCIAL_<NAME>_AUTHORIZE_URL, _TOKEN_URL and _USERINFO_URL (a proxy, or a local
 * OAuth 2 server in tests).
 */
export interface SocialProfile {
  id: string;
  email: string | null;
  /** False when the provider says the address is not verified; such addresses never match accounts. */
  emailVerified: boolean;
  name: string | null;
  username: string | null;
}

export interface ProviderDefinition {
  name: SocialService;
  label: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  scopes: string[];
  /** Send a PKCE challenge (where the provider supports it). */
  pkce: boolean;
  /** How the client authenticates at the token endpoint. */
  tokenAuth: 'body' | 'basic';
  /** Reads the provider's user info answer. */
  profile(info: Record<string, unknown>): SocialProfile;
}

export const SOCIAL_SERVICES = ['google', 'facebook', 'twitter', 'envato'] as const;
export type SocialService = (typeof SOCIAL_SERVICES)[number];

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

export const PROVIDERS: Record<SocialService, ProviderDefinition> = {
  google: {
    name: 'google',
    label: 'Google',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    tokenAuth: 'body',
    profile: (info) => ({
      id: String(info.sub ?? ''),
      email: text(info.email),
      emailVerified: info.email_verified === true || info.email_verified === 'true',
      name: text(info.name),
      username: text(info.email) ?? text(info.name),
    }),
  },
  facebook: {
    name: 'facebook',
    label: 'Facebook',
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userInfoUrl: 'https://graph.facebook.com/me?fields=id,name,email',
    scopes: ['email', 'public_profile'],
    pkce: false,
    tokenAuth: 'body',
    // Facebook only returns addresses its users confirmed.
    profile: (info) => ({ id: String(info.id ?? ''), email: text(info.email), emailVerified: Boolean(text(info.email)), name: text(info.name), username: text(info.name) }),
  },
  twitter: {
    name: 'twitter',
    label: 'X (Twitter)',
    authorizeUrl: 'https://twitter.com/i/oauth2/authorize',
    tokenUrl: 'https://api.twitter.com/2/oauth2/token',
    userInfoUrl: 'https://api.twitter.com/2/users/me',
    scopes: ['users.read', 'tweet.read'],
    pkce: true,
    tokenAuth: 'basic',
    profile: (info) => {
      const data = (info.data ?? info) as Record<string, unknown>;
      return { id: String(data.id ?? ''), email: null, emailVerified: false, name: text(data.name), username: text(data.username) };
    },
  },
  envato: {
    name: 'envato',
    label: 'Envato',
    authorizeUrl: 'https://api.envato.com/authorization',
    tokenUrl: 'https://api.envato.com/token',
    userInfoUrl: 'https://api.envato.com/v1/market/private/user/account.json',
    scopes: [],
    pkce: false,
    tokenAuth: 'body',
    profile: (info) => {
      const account = (info.account ?? info) as Record<string, unknown>;
      const username = text(info.username) ?? text(account.username) ?? text(account.firstname);
      return { id: String(username ?? account.id ?? ''), email: text(info.email), emailVerified: Boolean(text(info.email)), name: [text(account.firstname), text(account.surname)].filter(Boolean).join(' ') || null, username };
    },
  },
};

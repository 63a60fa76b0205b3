import type { Generated, Selectable } from 'kysely';

export interface OutgoingEmailsTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  /** Plain-text body with secrets (links, codes) replaced. */
  body: string;
  /** sent, logged (no mail server configured) or failed */
  status: string;
  error: string | null;
  created_at: Generated<string>;
}

export interface UserTokensTable {
  /** SHA-256 of the secret, so the table alone cannot be used to reset a password. */
  id: string;
  user_id: number;
  /** password_reset or email_verification */
  type: string;
  attempts: Generated<number>;
  expires_at: string;
  /** JSON state that goes with the token, such as "remember me" for a pending two-factor login. */
  data: string | null;
  created_at: Generated<string>;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  hits: number;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  last_used_at: string | null;
  created_at: Generated<string>;
}

export type AccessTokenRow = Selectable<AccessTokensTable>;
export type OutgoingEmailRow = Selectable<OutgoingEmailsTable>;
export type UserTokenRow = Selectable<UserTokensTable>;

export interface SocialProfilesTable {
  id: Generated<number>;
  user_id: number;
  /** google, facebook, twitter or envato */
  service_name: string;
  /** The account's id at the provider. */
  user_service_id: string;
  username: string | null;
  created_at: Generated<string>;
}

export type SocialProfileRow = Selectable<SocialProfilesTable>;

import type { Generated, Selectable } from 'kysely';

export interface SessionsTable {
  /** SHA-256 of the cookie token, so a leaked database does not leak live sessions. */
  id: string;
  user_id: number;
  ip_address: string | null;
  user_agent: string | null;
  device_type: string | null;
  platform: string | null;
  browser: string | null;
  city: string | null;
  country: string | null;
  remember: Generated<number>;
  last_active_at: string;
  expires_at: string;
  password_confirmed_at: string | null;
  created_at: Generated<string>;
}

export type SessionRow = Selectable<SessionsTable>;

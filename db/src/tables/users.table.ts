import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  /** Stored lower-cased so that lookups and the unique index agree. */
  email: string;
  /** argon2id hash; null for accounts that only sign in socially. */
  password: string | null;
  image: string | null;
  email_verified_at: string | null;
  banned_at: string | null;
  language: string | null;
  country: string | null;
  timezone: string | null;
  two_factor_secret: string | null;
  two_factor_confirmed_at: string | null;
  two_factor_recovery_codes: string | null;
  two_factor_last_step: number | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

import type { SessionRow, UserRow } from '@app/db';

/**
 * An account without the columns only sign-in needs (the password hash and the two-factor
 * secrets): what code holds of a user everywhere else, so that no answer or log line built from
 * it can reveal them. Code that checks a password or a code reads them from the database then.
 */
export type UserAccount = Omit<UserRow, 'password' | 'two_factor_secret' | 'two_factor_recovery_codes' | 'two_factor_last_step'>;

export type TwoFactorState = 'off' | 'setup' | 'enabled';

/** The account a request acts for, as the request context carries it, with what the secrets tell. */
export interface SignedInUser extends UserAccount {
  has_password: boolean;
  two_factor_state: TwoFactorState;
}

/** The browser session a request came with; its id is the hash of the cookie's token. */
export type SignedInSession = Readonly<SessionRow>;

export function twoFactorState(user: Pick<UserRow, 'two_factor_confirmed_at' | 'two_factor_secret'>): TwoFactorState {
  if (user.two_factor_confirmed_at) return 'enabled';
  return user.two_factor_secret ? 'setup' : 'off';
}

export function signedInUser(row: UserRow): SignedInUser {
  const { password, two_factor_secret: _secret, two_factor_recovery_codes: _codes, two_factor_last_step: _step, ...account } = row;
  return { ...account, has_password: Boolean(password), two_factor_state: twoFactorState(row) };
}

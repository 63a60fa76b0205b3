import { randomBytes, randomInt } from 'node:crypto';
import * as accountSecurityRepository from '@app/db/accounts/account-security';
import * as usersRepository from '@app/db/accounts/users';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import type { AppDeps } from '../context.ts';
import { sha256Hex as sha256 } from '../common/hashing.ts';
import type { UserRow } from '@app/db';
import type { UserAccount } from './signed-in-user.ts';

export const RECOVERY_CODE_COUNT = 8;
const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

import { twoFactorState } from './signed-in-user.ts';

export { type TwoFactorState, twoFactorState } from './signed-in-user.ts';

function totp(user: Pick<UserRow, 'email' | 'two_factor_secret'>, issuer: string): TOTP {
  return new TOTP({ issuer, label: user.email, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(user.two_factor_secret!) });
}

/** 21 characters: two groups of ten letters and digits around a hyphen. */
function recoveryCode(): string {
  const group = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)]).join('');
  return `${group()}-${group()}`;
}

export async function startSetup(deps: AppDeps, user: UserAccount): Promise<void> {
  const secret = new Secret({ buffer: randomBytes(20).buffer as ArrayBuffer }).base32;
  await usersRepository.updateUser(deps.db, user.id, { two_factor_secret: secret, two_factor_confirmed_at: null, two_factor_recovery_codes: null, two_factor_last_step: null });
}

export function qrCode(user: UserRow, issuer: string): { svg: string; secret: string } {
  return { svg: renderSVG(totp(user, issuer).toString(), { border: 2 }), secret: user.two_factor_secret! };
}

/**
 * Accepts a code from the authenticator for the current 30-second step or its neighbours (clock
 * drift), and only once: the accepted step is remembered and older or equal steps are refused.
 */
export async function verifyTotp(deps: AppDeps, user: UserRow, code: string, issuer: string): Promise<boolean> {
  if (!user.two_factor_secret || !/^\d{6}$/.test(code)) return false;
  const generator = totp(user, issuer);
  const delta = generator.validate({ token: code, window: 1 });
  if (delta === null) return false;
  return usersRepository.advanceTwoFactorStep(deps.db, user.id, Math.floor(Date.now() / 30_000) + delta);
}

/** New recovery codes replace the old ones; only their hashes are stored. */
export async function issueRecoveryCodes(deps: AppDeps, user: UserAccount): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await usersRepository.updateUser(deps.db, user.id, { two_factor_recovery_codes: JSON.stringify(codes.map(sha256)) });
  return codes;
}

export async function confirmSetup(deps: AppDeps, user: UserAccount): Promise<string[]> {
  await usersRepository.updateUser(deps.db, user.id, { two_factor_confirmed_at: new Date().toISOString() });
  return issueRecoveryCodes(deps, user);
}

/** Uses up a recovery code: true once per code. */
export async function useRecoveryCode(deps: AppDeps, user: UserRow, code: string): Promise<boolean> {
  let hashes: string[] = [];
  try {
    hashes = JSON.parse(user.two_factor_recovery_codes ?? '[]');
  } catch {
    return false;
  }
  const hash = sha256(code.trim());
  if (!hashes.includes(hash)) return false;
  return usersRepository.swapRecoveryCodes(deps.db, user.id, user.two_factor_recovery_codes!, JSON.stringify(hashes.filter((h) => h !== hash)));
}

export async function disable(deps: AppDeps, user: UserAccount): Promise<void> {
  await usersRepository.updateUser(deps.db, user.id, { two_factor_secret: null, two_factor_confirmed_at: null, two_factor_recovery_codes: null, two_factor_last_step: null });
}

/** A login that passed the password and waits for the second factor, for ten minutes and five tries. */
export const CHALLENGE_COOKIE = 'two_factor_challenge';
export const CHALLENGE_MINUTES = 10;
export const MAX_CHALLENGE_ATTEMPTS = 5;
const CHALLENGE_TYPE = 'two_factor_login';

export async function startLoginChallenge(deps: AppDeps, user: UserAccount, remember: boolean): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await accountSecurityRepository.replaceUserToken(deps.db, {
    id: sha256(token),
    user_id: user.id,
    type: CHALLENGE_TYPE,
    expires_at: new Date(Date.now() + CHALLENGE_MINUTES * 60_000).toISOString(),
    data: JSON.stringify({ remember }),
  });
  return token;
}

export async function pendingLogin(deps: AppDeps, token: string | undefined) {
  if (!token || token.length > 100) return undefined;
  const stored = await accountSecurityRepository.findUserToken(deps.db, sha256(token), CHALLENGE_TYPE);
  if (!stored || Date.parse(stored.expires_at) <= Date.now() || stored.attempts >= MAX_CHALLENGE_ATTEMPTS) return undefined;
  const user = await usersRepository.findUserById(deps.db, stored.user_id);
  if (!user || twoFactorState(user) !== 'enabled') return undefined;
  let remember = true;
  try {
    remember = Boolean(JSON.parse(stored.data ?? '{}').remember ?? true);
  } catch {
    // Unreadable state: keep the default, remember on.
  }
  return {
    user,
    remember,
    failed: () => accountSecurityRepository.countUserTokenAttempt(deps.db, stored.id),
    finish: () => accountSecurityRepository.consumeUserToken(deps.db, stored.id),
  };
}

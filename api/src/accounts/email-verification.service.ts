import { randomInt } from 'node:crypto';
import * as accountSecurityRepository from '@app/db/accounts/account-security';
import * as usersRepository from '@app/db/accounts/users';
import type { AppDeps } from '../context.ts';
import { sha256Hex } from '../common/hashing.ts';
import { sendMail, type MailStatus } from '../mail/mail.service.ts';
import { verificationCodeMail } from '../mail/templates.ts';
import { loadSettings } from '../settings/settings.service.ts';
import type { UserAccount } from './signed-in-user.ts';

export const VERIFICATION_CODE_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;
/** A new code may be requested once a minute. */
export const RESEND_INTERVAL_MS = 60_000;
const TYPE = 'email_verification';

// Bound to the user so the same six digits for two accounts never share a row.
const hashCode = (userId: number, code: string) => sha256Hex(`${userId}:${code}`);

export async function needsVerification(deps: AppDeps, user: UserAccount): Promise<boolean> {
  return !user.email_verified_at && (await loadSettings(deps.db)).require_email_confirmation;
}

export type SendResult = { status: MailStatus } | { wait: number };

/** Mails a fresh 6-digit code, unless one was sent less than a minute ago. */
export async function sendVerificationCode(deps: AppDeps, user: UserAccount): Promise<SendResult> {
  const latest = await accountSecurityRepository.latestUserToken(deps.db, user.id, TYPE);
  const sinceLast = latest ? Date.now() - Date.parse(latest.created_at) : Infinity;
  if (sinceLast < RESEND_INTERVAL_MS) return { wait: Math.ceil((RESEND_INTERVAL_MS - sinceLast) / 1000) };
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await accountSecurityRepository.replaceUserToken(deps.db, {
    id: hashCode(user.id, code),
    user_id: user.id,
    type: TYPE,
    expires_at: new Date(Date.now() + VERIFICATION_CODE_MINUTES * 60_000).toISOString(),
  });
  const settings = await loadSettings(deps.db);
  const status = await sendMail(deps, { to: user.email, ...verificationCodeMail(settings['branding.site_name'], code, VERIFICATION_CODE_MINUTES), secrets: [code] });
  return { status };
}

export type CheckResult = 'verified' | 'invalid' | 'expired' | 'locked';

/** Checks a code against the newest one sent; five wrong tries use the code up. */
export async function checkVerificationCode(deps: AppDeps, user: UserAccount, code: string): Promise<CheckResult> {
  const latest = await accountSecurityRepository.latestUserToken(deps.db, user.id, TYPE);
  if (!latest || Date.parse(latest.expires_at) <= Date.now()) return 'expired';
  if (latest.attempts >= MAX_CODE_ATTEMPTS) return 'locked';
  if (latest.id !== hashCode(user.id, code)) {
    await accountSecurityRepository.countUserTokenAttempt(deps.db, latest.id);
    return latest.attempts + 1 >= MAX_CODE_ATTEMPTS ? 'locked' : 'invalid';
  }
  if (!(await accountSecurityRepository.consumeUserToken(deps.db, latest.id))) return 'expired';
  await usersRepository.updateUser(deps.db, user.id, { email_verified_at: new Date().toISOString() });
  await accountSecurityRepository.deleteUserTokens(deps.db, user.id, TYPE);
  return 'verified';
}

import { randomBytes } from 'node:crypto';
import * as accountSecurityRepository from '@app/db/accounts/account-security';
import * as usersRepository from '@app/db/accounts/users';
import type { AppDeps } from '../context.ts';
import { sha256Hex as hashToken } from '../common/hashing.ts';
import { sendMail } from '../mail/mail.service.ts';
import { passwordResetMail } from '../mail/templates.ts';
import { hashPassword } from './auth.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { hit, throttleIdentity } from '../common/throttle.service.ts';

export const RESET_TOKEN_MINUTES = 60;
const TYPE = 'password_reset';

/**
 * Mails a single-use reset link when the address belongs to an account. The caller answers the
 * same whatever happens here, so the response never tells whether an account exists; a few
 * requests per address per quarter hour are honoured, the rest are dropped quietly.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const allowed = await hit(deps, { key: `forgot:${throttleIdentity(email)}`, max: 3, windowMs: 15 * 60_000 });
  const user = await usersRepository.findUserByEmail(deps.db, email);
  if (!allowed || !user) return;
  const token = randomBytes(32).toString('base64url');
  await accountSecurityRepository.replaceUserToken(deps.db, {
    id: hashToken(token),
    user_id: user.id,
    type: TYPE,
    expires_at: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000).toISOString(),
  });
  const settings = await loadSettings(deps.db);
  const url = `${deps.config.appUrl}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
  await sendMail(deps, { to: user.email, ...passwordResetMail(settings['branding.site_name'], url, RESET_TOKEN_MINUTES), secrets: [token] });
}

/**
 * Sets a new password with a token from the mail. The token works once and only for its own
 * account; afterwards every session of the account ends, so a thief who had one is logged out.
 */
export async function resetPassword(deps: AppDeps, token: string, email: string, password: string): Promise<boolean> {
  const stored = await accountSecurityRepository.findUserToken(deps.db, hashToken(token), TYPE);
  if (!stored || Date.parse(stored.expires_at) <= Date.now()) return false;
  const user = await usersRepository.findUserById(deps.db, stored.user_id);
  if (!user || user.email !== email.trim().toLowerCase()) return false;
  if (!(await accountSecurityRepository.consumeUserToken(deps.db, stored.id))) return false;
  await usersRepository.updateUser(deps.db, user.id, { password: await hashPassword(password) });
  await accountSecurityRepository.deleteUserSessions(deps.db, user.id);
  return true;
}

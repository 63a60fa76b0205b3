import { verify } from '@node-rs/argon2';
import type { SessionRow, UserRow, UserUpdate } from '@app/db';
import * as accountSecurityRepository from '@app/db/accounts/account-security';
import * as sessionsRepository from '@app/db/accounts/sessions';
import * as usersRepository from '@app/db/accounts/users';
import * as localizationsRepository from '@app/db/settings/localizations';
import type { AppDeps, AuthState } from '../context.ts';
import { hashPassword } from './auth.service.ts';
import { notFound, validationFailed, ValidationError } from '../common/errors.ts';
import { hasPermission } from '../permissions/permissions.ts';
import type { UserAccount } from './signed-in-user.ts';


export async function findUser(deps: AppDeps, id: number): Promise<UserAccount | undefined> {
  return usersRepository.findUserById(deps.db, id);
}

/** Saves the account's own details and answers the account as stored. */
export async function updateAccountDetails(deps: AppDeps, userId: number, changes: UserUpdate): Promise<UserAccount> {
  await usersRepository.updateUser(deps.db, userId, changes);
  return (await usersRepository.findUserById(deps.db, userId))!;
}

export async function chooseLanguage(deps: AppDeps, userId: number, locale: string): Promise<void> {
  if (!(await localizationsRepository.findLocalization(deps.db, locale))) throw validationFailed({ locale: 'This language is not available.' });
  await usersRepository.updateUser(deps.db, userId, { language: locale });
}

export async function deleteOwnAccount(deps: AppDeps, auth: AuthState): Promise<void> {
  const user = auth.user!;
  // The last admin leaving would lock everyone out of the back office.
  if ((await usersRepository.adminUserIds(deps.db)).every((id) => id === user.id) && hasPermission(auth.permissions, 'admin')) {
    throw new ValidationError('You are the only admin. Make someone else an admin before deleting your account.');
  }
  await usersRepository.deleteUser(deps.db, user.id);
}

/** The password was typed again: sensitive actions are open to this session for a while. */
export async function recordPasswordConfirmation(deps: AppDeps, sessionId: string, at = new Date().toISOString()): Promise<void> {
  await sessionsRepository.markPasswordConfirmed(deps.db, sessionId, at);
}

/** Changes the password after checking the current one; every session ends. Answers the account as stored. */
export async function changePassword(deps: AppDeps, user: UserAccount, currentPassword: string, password: string): Promise<UserAccount> {
  if (!(await passwordMatches(deps, user, currentPassword))) throw validationFailed({ current_password: 'This password is incorrect.' });
  await usersRepository.updateUser(deps.db, user.id, { password: await hashPassword(password) });
  await accountSecurityRepository.deleteUserSessions(deps.db, user.id);
  return (await usersRepository.findUserById(deps.db, user.id))!;
}

/** Sessions are listed by a prefix of their hashed id: enough to tell them apart, useless to steal. */
export const publicSessionId = (session: Pick<SessionRow, 'id'>) => session.id.slice(0, 16);

export async function listSessions(deps: AppDeps, user: UserAccount, current: SessionRow | null) {
  const sessions = await sessionsRepository.sessionsOfUser(deps.db, user.id, new Date().toISOString());
  return sessions.map((session) => ({
    id: publicSessionId(session),
    device_type: session.device_type,
    platform: session.platform,
    browser: session.browser,
    city: session.city,
    country: session.country,
    ip_address: session.ip_address,
    last_active: session.last_active_at,
    is_current_device: session.id === current?.id,
  }));
}

/** Whether `password` is the account's; the hash is read here, as accounts are held without it. */
export async function passwordMatches(deps: AppDeps, user: Pick<UserAccount, 'id'>, password: string): Promise<boolean> {
  const hash = (await usersRepository.findUserById(deps.db, user.id))?.password;
  return Boolean(hash) && (await verify(hash!, password).catch(() => false));
}

/** The account with its secrets, for the two-factor steps that check or show them. */
export async function accountWithSecrets(deps: AppDeps, userId: number): Promise<UserRow> {
  const row = await usersRepository.findUserById(deps.db, userId);
  if (!row) throw notFound('This account no longer exists.');
  return row;
}

export async function endOtherSessions(deps: AppDeps, user: UserAccount, current: SessionRow | null): Promise<void> {
  await accountSecurityRepository.deleteUserSessions(deps.db, user.id, current?.id);
}

import * as usersRepository from '@app/db/accounts/users';
import type { AppDeps, AuthState } from '../context.ts';
import { msg } from '../i18n/msg.ts';
import { authenticateBearer } from '../accounts/access-tokens.service.ts';
import { ForbiddenError, TooManyAttemptsError, UnauthenticatedError } from '../common/errors.ts';
import { hasPermission } from '../permissions/permissions.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { permissionsOfAccount } from '../billing/subscriptions.service.ts';
import { assertNotThrottled, hit, throttleIdentity, throttleNetwork, type Limit } from '../common/throttle.service.ts';
import { appPasswordMatches, type AppPasswordProof } from './app-password.service.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import { signedInUser } from '../accounts/signed-in-user.ts';

// Authentication.

interface AuthParams {
  u?: string;
  p?: string;
  t?: string;
  s?: string;
  apiKey?: string;
}

const MINUTE = 60_000;
const REFUSED = msg('Too many failed attempts. Please try again in :seconds seconds.');
/** Wrong app passwords for one account, and from one network across accounts, as the login counts them. */
const passwordLimits = (username: string, ip: string | null): Limit[] => [
  { key: `subsonic:${throttleIdentity(username)}`, max: 10, windowMs: MINUTE },
  ...(ip ? [{ key: `subsonic-network:${throttleNetwork(ip)}`, max: 30, windowMs: 15 * MINUTE }] : []),
];
const apiKeyLimits = (ip: string | null): Limit[] => (ip ? [{ key: `subsonic-network:${throttleNetwork(ip)}`, max: 30, windowMs: 15 * MINUTE }] : []);

/**
 * Refuses while a limit is used up. Apps repeat the credentials on every call, so a success is
 * not counted (that would be a write per song and cover); only failures are, after the check.
 */
async function throttled<T>(deps: AppDeps, limits: Limit[], check: () => Promise<T | null>): Promise<T | null> {
  try {
    for (const limit of limits) await assertNotThrottled(deps, limit, REFUSED);
  } catch (error) {
    if (error instanceof TooManyAttemptsError) throw new SubsonicError(SUBSONIC_ERROR.generic, error.message);
    throw error;
  }
  const result = await check();
  if (result === null) for (const limit of limits) await hit(deps, limit);
  return result;
}

function passwordProof(params: AuthParams): AppPasswordProof {
  if (params.t !== undefined || params.s !== undefined) {
    if (!params.t || !params.s) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Token authentication needs both t and s.'));
    return { kind: 'token', token: params.t, salt: params.s };
  }
  if (params.p === undefined) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Send the app password (p) or a token (t and s).'));
  const encoded = /^enc:([0-9a-fA-F]*)$/.exec(params.p);
  return { kind: 'password', password: encoded ? Buffer.from(encoded[1], 'hex').toString('utf8') : params.p };
}

/**
 * Who is calling: an API token as `apiKey` (OpenSubsonic), or the user's email as `u` with the app
 * password from account settings (`p`, or `t` = md5(password + `s`)). Then the account gates and
 * permissions of the site apply: a suspended or unconfirmed account may do nothing.
 */
export async function authenticateSubsonic(deps: AppDeps, params: AuthParams, ip: string | null): Promise<AuthState> {
  if (params.apiKey !== undefined && (params.u !== undefined || params.p !== undefined || params.t !== undefined || params.s !== undefined)) {
    throw new SubsonicError(SUBSONIC_ERROR.conflictingAuth, msg('Multiple conflicting authentication mechanisms provided.'));
  }
  let auth: AuthState | null;
  if (params.apiKey !== undefined) {
    const apiKey = params.apiKey;
    auth = await throttled(deps, apiKeyLimits(ip), async () => {
      try {
        return await authenticateBearer(deps, `Bearer ${apiKey}`);
      } catch (error) {
        if (error instanceof UnauthenticatedError) return null;
        if (error instanceof ForbiddenError) throw new SubsonicError(SUBSONIC_ERROR.notAuthorized, error.message);
        throw error;
      }
    });
    if (!auth) throw new SubsonicError(SUBSONIC_ERROR.invalidApiKey, msg('The API key is invalid or was revoked.'));
  } else {
    if (!params.u) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, msg('Required parameter u (or apiKey) is missing.'));
    const username = params.u;
    const proof = passwordProof(params);
    const user = await throttled(deps, passwordLimits(username, ip), async () => {
      const found = await usersRepository.findUserByEmail(deps.db, username);
      return found && (await appPasswordMatches(deps, found.id, proof)) ? found : null;
    });
    if (!user) throw new SubsonicError(SUBSONIC_ERROR.wrongCredentials, msg('Wrong username or password.'));
    auth = { user: signedInUser(user), session: null, permissions: await permissionsOfAccount(deps.db, user.id) };
  }
  const user = auth.user!;
  if (user.banned_at) throw new SubsonicError(SUBSONIC_ERROR.notAuthorized, msg('Your account is suspended.'));
  if (!user.email_verified_at && (await loadSettings(deps.db)).require_email_confirmation) {
    throw new SubsonicError(SUBSONIC_ERROR.notAuthorized, msg('Verify your email address to continue.'));
  }
  return auth;
}

export async function subsonicEnabled(deps: AppDeps): Promise<boolean> {
  return (await loadSettings(deps.db))['subsonic.enable'];
}

export function requireSubsonicPermission(auth: AuthState, name: string): void {
  if (!hasPermission(auth.permissions, name)) throw new SubsonicError(SUBSONIC_ERROR.notAuthorized, msg("You don't have permission to do that."));
}

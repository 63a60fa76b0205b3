import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { constraintViolation, type SessionRow, type UserRow } from '@app/db';
import * as sessionsRepository from '@app/db/accounts/sessions';
import * as usersRepository from '@app/db/accounts/users';
import * as tableVersionsRepository from '@app/db/caching/table-versions';
import * as permissionsRepository from '@app/db/permissions/permissions';
import { timeNow } from '../clock.ts';
import type { AppDeps, AuthState } from '../context.ts';
import { sha256Hex } from '../common/hashing.ts';
import { unlessStorageFailure } from '../common/errors.ts';
import { describeUserAgent } from '../common/user-agent.ts';
import { startingName } from './display-name.ts';
import { accountPermissionsFromGrants } from '../billing/subscriptions.service.ts';
import { type SignedInUser, signedInUser, type UserAccount } from './signed-in-user.ts';

export const SESSION_COOKIE = 'music_session';
/** A session without "remember me" ends after two idle hours; a remembered one after 30 idle days. */
const SHORT_SESSION_MS = 2 * 60 * 60 * 1000;
export const REMEMBER_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
/** Activity is written at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash verified when the email is unknown, so the answer takes as long as for a real account. */
let decoyHash: Promise<string> | undefined;

export async function verifyCredentials(deps: AppDeps, email: string, password: string): Promise<UserRow | null> {
  const user = await usersRepository.findUserByEmail(deps.db, email);
  if (!user?.password) {
    decoyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await decoyHash, password).catch(() => false);
    return null;
  }
  const valid = await verify(user.password, password).catch(() => false);
  return valid ? user : null;
}

/** A new account with the default roles, or null when the email is taken. */
export async function registerUser(deps: AppDeps, email: string, password: string): Promise<UserAccount | null> {
  if (await usersRepository.findUserByEmail(deps.db, email)) return null;
  try {
    return await usersRepository.createUser(deps.db, { email, name: startingName(email), password: await hashPassword(password) }, await permissionsRepository.defaultRoleIds(deps.db));
  } catch (error) {
    // Two sign-ups with one address at the same moment: the second loses, as if checked first.
    if (constraintViolation(error) === 'unique') return null;
    throw error;
  }
}

export const hashSessionToken = sha256Hex;

export interface RequestInfo {
  ip: string | null;
  userAgent: string | undefined;
}

/** Starts a session and returns the secret cookie value; only its hash is stored. */
export async function startSession(deps: AppDeps, user: UserAccount, remember: boolean, request: RequestInfo): Promise<{ token: string; maxAgeMs: number | undefined }> {
  const token = randomBytes(32).toString('base64url');
  const now = timeNow(deps);
  const lifetime = remember ? REMEMBER_SESSION_MS : SHORT_SESSION_MS;
  await sessionsRepository.createSession(deps.db, {
    id: hashSessionToken(token),
    user_id: user.id,
    ip_address: request.ip,
    user_agent: request.userAgent?.slice(0, 500) ?? null,
    ...describeUserAgent(request.userAgent),
    remember: remember ? 1 : 0,
    last_active_at: new Date(now).toISOString(),
    expires_at: new Date(now + lifetime).toISOString(),
  });
  return { token, maxAgeMs: remember ? lifetime : undefined };
}

export async function endSession(deps: AppDeps, token: string): Promise<void> {
  await sessionsRepository.deleteSession(deps.db, hashSessionToken(token));
}

/** Tables a signed-in person's session, account and permissions are read from, in the order of their version stamp. */
export const SESSION_TABLES = ['permissions', 'product_permission', 'role_permission', 'sessions', 'subscriptions', 'user_permission', 'user_role', 'users'];

/** A live session as read, with its user and the grants that may reach them, and the versions of the tables they came from. */
interface SessionCopy {
  stamp: string;
  session: Readonly<SessionRow>;
  user: Readonly<SignedInUser>;
  grants: permissionsRepository.UserGrants;
  /** Worked out once when no subscription makes them change with time. */
  permissions?: permissionsRepository.GrantedPermission[];
}

/** Frozen all the way down: several requests share a session copy's permissions. */
function frozenPermissions(permissions: permissionsRepository.GrantedPermission[]): permissionsRepository.GrantedPermission[] {
  for (const permission of permissions) {
    for (const restriction of permission.restrictions) Object.freeze(restriction);
    Object.freeze(permission.restrictions);
    Object.freeze(permission);
  }
  return Object.freeze(permissions) as permissionsRepository.GrantedPermission[];
}
/** Per database; emptied when full, as sessions asked for often come back at once. */
const sessionCopies = new WeakMap<object, Map<string, SessionCopy>>();
const MAX_SESSION_COPIES = 500;

/**
 * The user and permissions behind a session cookie, or the guest role's permissions.
 *
 * With `versions` (caching/table-versions.ts, read before anything else of the request), a
 * session read once is kept by this process and used again while none of the tables it came from
 * has changed, in any process: logging out, a ban, a new role or grant, a subscription, even a
 * write made by hand in the database, each raises a version. Its expiry and which plans count are still decided anew
 * on each request. The copies are frozen, as several requests share them.
 */
export async function resolveAuth(deps: AppDeps, token: string | undefined, versions?: tableVersionsRepository.TableVersions): Promise<AuthState> {
  if (token && token.length <= 128) {
    const now = timeNow(deps);
    const nowIso = new Date(now).toISOString();
    const id = hashSessionToken(token);
    const stamp = versions && tableVersionsRepository.versionStamp(versions, SESSION_TABLES);
    let copies = sessionCopies.get(deps.db);
    if (!copies) sessionCopies.set(deps.db, (copies = new Map()));
    let copy = stamp === undefined ? undefined : copies.get(id);
    if (copy && (copy.stamp !== stamp || copy.session.expires_at <= nowIso)) copy = undefined;
    if (!copy) {
      const found = await sessionsRepository.findLiveSessionWithUser(deps.db, id, nowIso);
      copies.delete(id);
      if (found) {
        const grants = Object.freeze(await permissionsRepository.grantsReachingUser(deps.db, found.user.id));
        copy = { stamp: stamp ?? '', session: Object.freeze(found.session), user: Object.freeze(signedInUser(found.user)), grants };
        if (!permissionsRepository.grantsDependOnTime(grants)) copy.permissions = frozenPermissions(accountPermissionsFromGrants(grants, now));
        if (stamp !== undefined) {
          if (copies.size >= MAX_SESSION_COPIES) copies.clear();
          copies.set(id, copy);
        }
      }
    }
    if (copy) {
      const { session, user } = copy;
      if (now - Date.parse(session.last_active_at) > TOUCH_INTERVAL_MS) {
        const lifetime = session.remember ? REMEMBER_SESSION_MS : SHORT_SESSION_MS;
        const expiresAt = new Date(now + lifetime).toISOString();
        // Left as it was when the disk is full: the session stays valid until the expiry last recorded.
        const touched = await sessionsRepository.touchSession(deps.db, session.id, nowIso, expiresAt).then(() => true, unlessStorageFailure);
        // A touch raises no version (migration 2026_11_30_000001): the cached copy follows it here.
        if (touched && copies.get(id) === copy) copies.set(id, { ...copy, session: Object.freeze({ ...session, last_active_at: nowIso, expires_at: expiresAt }) });
      }
      return { user, session, permissions: copy.permissions ?? accountPermissionsFromGrants(copy.grants, now) };
    }
  }
  return { user: null, session: null, permissions: await guestPermissions(deps.db, versions) };
}

/** Tables the guest role's permissions are read from. */
export const GUEST_TABLES = ['permissions', 'role_permission', 'roles'];
const guestCopies = new WeakMap<object, { stamp: string; permissions: permissionsRepository.GrantedPermission[] }>();

/** The guest role's permissions, kept by this process while the versions of their tables are unchanged (as a session's are). */
async function guestPermissions(db: AppDeps['db'], versions: tableVersionsRepository.TableVersions | undefined): Promise<permissionsRepository.GrantedPermission[]> {
  const stamp = versions && tableVersionsRepository.versionStamp(versions, GUEST_TABLES);
  const kept = stamp === undefined ? undefined : guestCopies.get(db);
  if (kept && kept.stamp === stamp) return kept.permissions;
  const permissions = frozenPermissions(await permissionsRepository.permissionsOfGuests(db));
  if (stamp !== undefined) guestCopies.set(db, { stamp, permissions });
  return permissions;
}

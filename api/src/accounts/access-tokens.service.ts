import { randomBytes, timingSafeEqual } from 'node:crypto';
import * as accessTokensRepository from '@app/db/accounts/access-tokens';
import * as usersRepository from '@app/db/accounts/users';
import type { AppDeps, AuthState } from '../context.ts';
import { sha256Bytes as sha256 } from '../common/hashing.ts';
import { ForbiddenError, notFound, UnauthenticatedError, unlessStorageFailure } from '../common/errors.ts';
import { hasPermission } from '../permissions/permissions.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { permissionsOfAccount } from '../billing/subscriptions.service.ts';
import { signedInUser, type UserAccount } from './signed-in-user.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SECRET_LENGTH = 40;
const TOKEN_FORMAT = new RegExp(`^(\\d{1,15})\\|([A-Za-z0-9]{${SECRET_LENGTH}})$`);
/** Writing last_used_at on every call would make each API read a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;


/** Letters and digits only, so the secret survives any URL, header or form a client puts it in. */
export function randomSecret(length = SECRET_LENGTH): string {
  // 62 does not divide 256: bytes above 247 are skipped so every character is equally likely.
  let secret = '';
  while (secret.length < length) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && secret.length < length) secret += ALPHABET[byte % 62];
    }
  }
  return secret;
}

/** A new token; `plainTextToken` ("id|secret") is returned once and never stored. */
export async function createAccessToken(deps: AppDeps, user: UserAccount, name: string) {
  const secret = randomSecret();
  const row = await accessTokensRepository.insertAccessToken(deps.db, { user_id: user.id, name, token_hash: sha256(secret).toString('hex') });
  return { token: row, plainTextToken: `${row.id}|${secret}` };
}

/** The user's tokens, newest first. */
export async function listAccessTokens(deps: AppDeps, userId: number) {
  return accessTokensRepository.accessTokensOfUser(deps.db, userId);
}

export async function revokeAccessToken(deps: AppDeps, userId: number, id: number): Promise<void> {
  if (!(await accessTokensRepository.deleteAccessToken(deps.db, userId, id))) throw notFound('This token does not exist.');
}

const invalid = () => new UnauthenticatedError('The API token is invalid or was revoked.');

/**
 * The user behind an `Authorization: Bearer id|secret` header. Anything malformed, unknown or
 * revoked is a 401; a valid token stops working when the API is switched off or its owner loses
 * `api.access`.
 */
export async function authenticateBearer(deps: AppDeps, header: string): Promise<AuthState> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const parts = match ? TOKEN_FORMAT.exec(match[1]) : null;
  if (!parts) throw invalid();
  const stored = await accessTokensRepository.findAccessToken(deps.db, Number(parts[1]));
  if (!stored || !timingSafeEqual(sha256(parts[2]), Buffer.from(stored.token_hash, 'hex'))) throw invalid();
  const user = await usersRepository.findUserById(deps.db, stored.user_id);
  if (!user) throw invalid();
  const permissions = await permissionsOfAccount(deps.db, user.id);
  if (!(await loadSettings(deps.db))['api.integrated'] || !hasPermission(permissions, 'api.access')) {
    throw new ForbiddenError('API access is not available for this account.');
  }
  const now = Date.now();
  if (!stored.last_used_at || now - Date.parse(stored.last_used_at) > TOUCH_INTERVAL_MS) {
    await accessTokensRepository.touchAccessToken(deps.db, stored.id, new Date(now).toISOString()).catch(unlessStorageFailure);
  }
  return { user: signedInUser(user), session: null, permissions, tokenId: stored.id };
}

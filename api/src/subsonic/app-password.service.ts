import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as subsonicRepository from '@app/db/subsonic/subsonic';
import type { Config } from '../config.ts';
import type { AppDeps } from '../context.ts';
import { randomSecret } from '../accounts/access-tokens.service.ts';
import { notFound } from '../common/errors.ts';

/**
 * Subsonic's token auth sends md5(password + salt), so the server must be able to read the
 * password back: the app password is its own random secret (never the login password, which is
 * only stored as an argon2 hash), encrypted at rest with a key the database does not hold.
 */
const APP_PASSWORD_LENGTH = 24;
const KEY_FILE = 'app.key';
const keys = new Map<string, Buffer>();

/** The encryption key: from APP_KEY, else a random one made once and kept in the storage folder. */
function encryptionKey(config: Config): Buffer {
  const source = config.appKey ? `env:${config.appKey}` : `file:${config.storagePath}`;
  const cached = keys.get(source);
  if (cached) return cached;
  let secret: Buffer;
  if (config.appKey) secret = Buffer.from(config.appKey);
  else {
    const file = path.join(config.storagePath, KEY_FILE);
    try {
      secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    } catch {
      mkdirSync(config.storagePath, { recursive: true });
      secret = randomBytes(32);
      // wx: two processes starting together keep the first one's key.
      try {
        writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
      } catch {
        secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
      }
    }
  }
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'cadence subsonic app passwords', 32));
  keys.set(source, key);
  return key;
}

function encrypt(config: Config, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(config), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
}

/** The stored password, or null when it cannot be read (the key changed): the user makes a new one. */
function decrypt(config: Config, stored: string): string | null {
  try {
    const [iv, tag, data] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', encryptionKey(config), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export async function appPasswordStatus(deps: AppDeps, userId: number): Promise<{ created_at: string | null }> {
  return { created_at: (await subsonicRepository.findSubsonicPassword(deps.db, userId))?.created_at ?? null };
}

/** A new app password, replacing any earlier one; its plain text is returned only here. */
export async function generateAppPassword(deps: AppDeps, userId: number): Promise<{ password: string; created_at: string }> {
  const password = randomSecret(APP_PASSWORD_LENGTH);
  const created_at = new Date().toISOString();
  await subsonicRepository.saveSubsonicPassword(deps.db, { user_id: userId, secret: encrypt(deps.config, password), created_at });
  return { password, created_at };
}

export async function revokeAppPassword(deps: AppDeps, userId: number): Promise<void> {
  if (!(await subsonicRepository.deleteSubsonicPassword(deps.db, userId))) throw notFound('You have no app password.');
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What a Subsonic client proves it knows: the password itself (`p`), or md5(password + salt) (`t`, `s`). */
export type AppPasswordProof = { kind: 'password'; password: string } | { kind: 'token'; token: string; salt: string };

export async function appPasswordMatches(deps: AppDeps, userId: number, proof: AppPasswordProof): Promise<boolean> {
  const stored = await subsonicRepository.findSubsonicPassword(deps.db, userId);
  const password = stored ? decrypt(deps.config, stored.secret) : null;
  if (!password) return false;
  if (proof.kind === 'password') return same(proof.password, password);
  return same(proof.token.toLowerCase(), md5(password + proof.salt));
}

import { randomUUID } from 'node:crypto';
import * as usersRepository from '@app/db/accounts/users';
import * as fileEntriesRepository from '@app/db/uploads/file-entries';
import type { AppDeps } from '../context.ts';
import { msg } from '../i18n/msg.ts';
import { TooLargeError, validationFailed } from '../common/errors.ts';
import type { UserAccount } from './signed-in-user.ts';

/** Profile images: raster image types only, at most 2 MB (spec §5). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The spec's words for a profile image over the limit, whether the route or the request's body limit finds it. */
export const AVATAR_TOO_LARGE = msg('file exceeds maximum allowed size of 2MB');

const SIGNATURES: { mime: string; extension: string; matches: (b: Uint8Array) => boolean }[] = [
  { mime: 'image/png', extension: 'png', matches: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { mime: 'image/jpeg', extension: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', extension: 'gif', matches: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 },
  { mime: 'image/webp', extension: 'webp', matches: (b) => String.fromCharCode(...b.slice(0, 4)) === 'RIFF' && String.fromCharCode(...b.slice(8, 12)) === 'WEBP' },
];

/** Recognises the image by its first bytes, so a renamed script or HTML file is refused whatever its name or declared type. */
export function sniffImage(bytes: Uint8Array) {
  return SIGNATURES.find((signature) => signature.matches(bytes));
}

const ownKey = (image: string | null) => (image?.startsWith('/uploads/avatar-') ? image.slice('/uploads/'.length) : undefined);

export async function replaceAvatar(deps: AppDeps, user: UserAccount, file: File): Promise<string> {
  if (file.size > AVATAR_MAX_BYTES) throw new TooLargeError(AVATAR_TOO_LARGE, { file: AVATAR_TOO_LARGE });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImage(bytes);
  if (!type) throw validationFailed({ file: 'This file type is not allowed' });
  const key = `avatar-${randomUUID()}.${type.extension}`;
  const url = deps.storage.publicUrl(key);
  await deps.storage.put('public', key, bytes);
  try {
    await fileEntriesRepository.insertUserImage(deps.db, user.id, { name: file.name.slice(0, 255) || key, file_name: key, mime: type.mime, extension: type.extension, file_size: bytes.byteLength, disk: 'public', user_id: user.id }, url);
  } catch (error) {
    await deps.storage.delete('public', key);
    throw error;
  }
  // The old image goes only once the new one is in place: a failure before keeps the one the user had.
  await removeStoredAvatar(deps, user);
  return url;
}

export async function removeAvatar(deps: AppDeps, user: UserAccount): Promise<void> {
  await removeStoredAvatar(deps, user);
  await usersRepository.updateUser(deps.db, user.id, { image: null });
}

/** The row first, then the bytes: a failure half way leaves bytes without a row, never a row without bytes. */
async function removeStoredAvatar(deps: AppDeps, user: UserAccount) {
  const key = ownKey(user.image);
  if (!key) return;
  await fileEntriesRepository.deleteFileEntryByName(deps.db, key);
  await deps.storage.delete('public', key);
}

import { withUserLock, type Db } from '@app/db';
import * as fileEntriesRepository from '@app/db/uploads/file-entries';
import type { AppDeps, AuthState } from '../context.ts';
import { ConflictError, forbidden, unauthenticated } from '../common/errors.ts';
import { checkRestriction } from '../permissions/permissions.ts';

/**
 * Refuses a user who may not make tracks, or has made as many as the `count` restriction of
 * music.create allows. Alone, it only spares work (reading a file) for a user already over quota:
 * what it counted may change before the track is stored, see storeWithinUploadQuota.
 */
export async function checkUploadQuota(db: Db, auth: AuthState): Promise<void> {
  if (!auth.user) throw unauthenticated();
  const quota = checkRestriction(auth.permissions, 'music.create', 'count', await fileEntriesRepository.countTracksUploadedBy(db, auth.user.id));
  if (quota.noPermission) throw forbidden();
  if (quota.overQuota) throw forbidden('You have reached the number of tracks you may upload.');
}

/**
 * Stores one new track of an uploaded file within the user's quota. Counted apart from the insert,
 * requests sent at once each saw room for one more (and one file became several tracks); here the
 * count, the file check and `store` are one transaction that the other uploads of the file's owner
 * wait for. The lock is the owner's, not the asker's: tracks count against whoever uploaded the
 * file, and the owner and the back office importing one file at once must take turns too.
 * `store` must do all its work on the transaction it is given.
 */
export async function storeWithinUploadQuota<T>(deps: AppDeps, auth: AuthState, fileEntryId: number, store: (db: Db) => Promise<T>): Promise<T> {
  if (!auth.user) throw unauthenticated();
  const owner = (await fileEntriesRepository.findFileEntry(deps.db, fileEntryId))?.user_id ?? auth.user.id;
  return withUserLock(deps.db, 'uploads', owner, async (trx) => {
    await checkUploadQuota(trx, auth);
    if ((await fileEntriesRepository.trackUsingFileEntry(trx, fileEntryId)) !== undefined) throw new ConflictError('A track already plays this file.');
    return store(trx);
  });
}

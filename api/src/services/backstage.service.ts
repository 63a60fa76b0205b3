import {
  approveBackstageRequest,
  createBackstageRequest,
  denyBackstageRequest,
  ensureRole,
  findArtist,
  findBackstageRequest,
  pendingBackstageRequest,
  type BackstageRequestRole,
  type BackstageRequestRow,
  type Db,
} from '@app/db';
import { ARTISTS_ROLE } from '@app/db/seed';
import { ApiError, notFound, validationFailed } from '../http/errors.ts';

export const BACKSTAGE_ROLES = ['artist', 'manager', 'label', 'other'] as const;

export interface BackstageRequestInput {
  artist_id?: number | null;
  artist_name?: string | null;
  role: BackstageRequestRole;
  message?: string | null;
}

/**
 * A user asks to become an artist (artist_name) or to claim an existing one (artist_id). One
 * pending request per artist and user: asking again while an admin has not answered is refused.
 */
export async function submitBackstageRequest(db: Db, userId: number, input: BackstageRequestInput): Promise<BackstageRequestRow> {
  let artistName = input.artist_name?.trim() ?? '';
  const artistId = input.artist_id ?? null;
  if (artistId !== null) {
    const artist = await findArtist(db, artistId);
    if (!artist) throw validationFailed({ artist_id: 'This artist does not exist.' });
    artistName = artist.name;
  } else if (!artistName) {
    throw validationFailed({ artist_name: 'Enter your artist name, or choose the artist to claim.' });
  }
  if (await pendingBackstageRequest(db, userId, { id: artistId, name: artistName })) {
    throw validationFailed({ artist_name: 'You already asked for this artist. An admin will answer soon.' });
  }
  return createBackstageRequest(db, { user_id: userId, artist_id: artistId, artist_name: artistName, role: input.role, message: input.message?.trim() || null });
}

/**
 * Approving links the user to the artist (artist_user, creating the artist for a new-artist
 * request) and gives them the "artists" role, which carries music.create.
 */
export async function reviewBackstageRequest(db: Db, id: number, reviewerId: number, decision: 'approve' | 'deny'): Promise<BackstageRequestRow> {
  const request = await findBackstageRequest(db, id);
  if (!request) throw notFound('This request does not exist.');
  if (request.status !== 'pending') throw new ApiError(409, `This request was already ${request.status}.`);
  if (decision === 'approve') {
    const roleId = await ensureRole(db, ARTISTS_ROLE);
    if ((await approveBackstageRequest(db, id, reviewerId, roleId)) === undefined) throw new ApiError(409, 'This request was already reviewed.');
  } else if (!(await denyBackstageRequest(db, id, reviewerId))) {
    throw new ApiError(409, 'This request was already reviewed.');
  }
  return (await findBackstageRequest(db, id))!;
}

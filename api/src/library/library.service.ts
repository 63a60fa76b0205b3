import type { Db, FollowableType, LikeableType, RepostableType } from '@app/db';
import * as libraryRepository from '@app/db/library/library';
import * as playlistsRepository from '@app/db/library/playlists';
import type { AppDeps, AuthState } from '../context.ts';
import { notFound, validationFailed } from '../common/errors.ts';
import { presentAlbums, presentArtists, presentTracks } from '../catalog/catalog.service.ts';
import { displayName } from '../accounts/display-name.ts';
import { msg } from '../i18n/msg.ts';
import { notify } from '../notifications/notifications.service.ts';
import { canView } from './playlists.service.ts';
import { requireVisible } from '../backstage/backstage-ownership.ts';

export const LIKEABLE = ['track', 'album'] as const satisfies readonly LikeableType[];
export const FOLLOWABLE = ['user', 'artist', 'playlist'] as const satisfies readonly FollowableType[];
export const REPOSTABLE = ['track', 'album'] as const satisfies readonly RepostableType[];

const NOT_FOUND: Record<FollowableType, string> = {
  artist: 'This artist does not exist.',
  playlist: 'This playlist does not exist.',
  user: 'This user does not exist.',
};

/** Liking or reposting a draft would reveal it: only what the asker may see (requireVisible). Undoing always works. */
export async function like(db: Db, auth: AuthState, type: LikeableType, id: number, liked: boolean): Promise<void> {
  if (liked) await requireVisible(db, auth, type, id);
  await libraryRepository.setLike(db, auth.user!.id, type, id, liked);
}

export async function follow(deps: AppDeps, auth: AuthState, type: FollowableType, id: number, following: boolean): Promise<void> {
  const { db } = deps;
  if (following) {
    if (type === 'user' && id === auth.user!.id) throw validationFailed({ id: 'You cannot follow yourself.' });
    if (type === 'playlist') {
      const playlist = await playlistsRepository.findPlaylist(db, id);
      if (!playlist || !canView(auth, playlist)) throw notFound(NOT_FOUND.playlist);
    } else if (!(await libraryRepository.itemExists(db, type, id))) throw notFound(NOT_FOUND[type]);
  }
  const started = await libraryRepository.setFollow(db, auth.user!.id, type, id, following);
  // Only a new follow is news: pressing Follow on someone already followed notifies no one.
  if (started && type === 'user') {
    const follower = auth.user!;
    await notify(deps, id, 'new_follower', {
      image: follower.image,
      lines: [{ content: msg(':name started following you'), params: { name: displayName(follower) } }],
      mainAction: { label: 'View profile', action: `/user/${follower.id}` },
    });
  }
}

export async function repost(db: Db, auth: AuthState, type: RepostableType, id: number, reposted: boolean): Promise<void> {
  if (reposted) await requireVisible(db, auth, type, id);
  await libraryRepository.setRepost(db, auth.user!.id, type, id, reposted);
}

export { libraryIds } from '@app/db/library/library';

const page = <T>(data: T[], total: number, current: number, perPage: number) => ({
  data,
  current_page: current,
  per_page: perPage,
  has_more: current * perPage < total,
  total,
});

export interface LibraryListQuery extends Omit<libraryRepository.LibraryQuery, 'offset' | 'limit'> {
  page: number;
  perPage: number;
}

const window = (q: LibraryListQuery): libraryRepository.LibraryQuery => ({ ...q, offset: (q.page - 1) * q.perPage, limit: q.perPage });

export async function likedTracksPage(db: Db, userId: number, q: LibraryListQuery) {
  const { rows, total } = await libraryRepository.likedTracks(db, userId, window(q));
  const tracks = await presentTracks(db, rows, new Set(['artists', 'album', 'album.artists']));
  return page(
    tracks.map((track, i) => ({ ...track, added_at: rows[i].added_at })),
    total,
    q.page,
    q.perPage,
  );
}

export async function likedAlbumsPage(db: Db, userId: number, q: LibraryListQuery) {
  const { rows, total } = await libraryRepository.likedAlbums(db, userId, window(q));
  return page(await presentAlbums(db, rows, new Set(['artists'])), total, q.page, q.perPage);
}

export async function followedArtistsPage(db: Db, userId: number, q: LibraryListQuery) {
  const { rows, total } = await libraryRepository.followedArtists(db, userId, window(q));
  return page(await presentArtists(db, rows, new Set()), total, q.page, q.perPage);
}

export async function historyPage(db: Db, userId: number, current: number, perPage: number) {
  const { rows, total } = await libraryRepository.playHistory(db, userId, (current - 1) * perPage, perPage);
  const tracks = await presentTracks(db, rows, new Set(['artists', 'album', 'album.artists']));
  return page(
    tracks.map((track, i) => ({ ...track, played_at: rows[i].played_at })),
    total,
    current,
    perPage,
  );
}

import type { Db } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as catalogRepository from '@app/db/catalog/catalog';
import * as libraryRepository from '@app/db/library/library';
import { notFound } from '../common/errors.ts';
import { presentAlbums, presentTracks } from '../catalog/catalog.service.ts';
import { playlistsPage, userSummary } from '../library/playlists.service.ts';

export const PROFILE_TABS = ['playlists', 'reposts', 'followers', 'following'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export async function profile(db: Db, userId: number) {
  const user = (await usersRepository.publicUsersByIds(db, [userId])).get(userId);
  if (!user) throw notFound('This user does not exist.');
  const [followers, following] = await Promise.all([libraryRepository.followerCounts(db, 'user', [userId]), libraryRepository.countFollowing(db, userId)]);
  return { ...userSummary(user), followers_count: followers.get(userId) ?? 0, following_count: following };
}

async function usersPage(db: Db, ids: number[], page: number, perPage: number) {
  const users = await usersRepository.publicUsersByIds(db, ids.slice(0, perPage));
  const shown = ids.slice(0, perPage).filter((id) => users.has(id));
  const followers = await libraryRepository.followerCounts(db, 'user', shown);
  return {
    data: shown.map((id) => ({ ...userSummary(users.get(id)!), followers_count: followers.get(id) ?? 0 })),
    current_page: page,
    per_page: perPage,
    has_more: ids.length > perPage,
  };
}

/** One tab of a profile. Only public playlists show; what the user reposted shows as tracks and albums. */
export async function profileTab(db: Db, userId: number, tab: ProfileTab, page: number, perPage: number) {
  await profile(db, userId);
  const offset = (page - 1) * perPage;
  switch (tab) {
    case 'playlists':
      return playlistsPage(db, userId, { includeFollowed: false, onlyPublic: true, page, perPage });
    case 'followers':
      return usersPage(db, await libraryRepository.followersOf(db, userId, offset, perPage + 1), page, perPage);
    case 'following':
      return usersPage(db, await libraryRepository.followedUsersOf(db, userId, offset, perPage + 1), page, perPage);
    case 'reposts': {
      const reposts = await libraryRepository.repostsOf(db, userId, offset, perPage + 1);
      const shown = reposts.slice(0, perPage);
      const trackIds = shown.filter((r) => r.type === 'track').map((r) => r.id);
      const albumIds = shown.filter((r) => r.type === 'album').map((r) => r.id);
      const [tracks, albums] = await Promise.all([
        presentTracks(db, catalogRepository.inOrderOf(trackIds, await catalogRepository.tracksByIds(db, trackIds)), new Set(['artists', 'album', 'album.artists'])),
        presentAlbums(db, catalogRepository.inOrderOf(albumIds, await catalogRepository.albumsByIds(db, albumIds)), new Set(['artists'])),
      ]);
      const trackById = new Map(tracks.map((t) => [t.id, t]));
      const albumById = new Map(albums.map((a) => [a.id, a]));
      return {
        data: shown
          .map((r) => (r.type === 'track' ? { type: 'track' as const, reposted_at: r.created_at, track: trackById.get(r.id) } : { type: 'album' as const, reposted_at: r.created_at, album: albumById.get(r.id) }))
          .filter((item) => ('track' in item ? item.track : item.album)),
        current_page: page,
        per_page: perPage,
        has_more: reposts.length > perPage,
      };
    }
  }
}

import { idOf, trackIds } from './ids.ts';
import { createOrReplacePlaylist, deletePlaylist, playlistsOf, playlistWithSongs, updatePlaylist } from './playlists.service.ts';
import { method, type Methods } from './respond.ts';

export const playlistMethods: Methods = {
  getPlaylists: method(true, async ({ deps, auth, params }) => ({ playlists: { playlist: await playlistsOf(deps, auth, params.one('username')) } })),
  getPlaylist: method(true, async ({ deps, auth, params }) => ({ playlist: await playlistWithSongs(deps, auth, idOf(params.required('id'), 'playlist')) })),
  createPlaylist: method(true, async ({ deps, auth, params }) => {
    const playlistId = params.one('playlistId');
    return {
      playlist: await createOrReplacePlaylist(deps, auth, {
        playlistId: playlistId === undefined ? undefined : idOf(playlistId, 'playlist'),
        name: params.one('name'),
        trackIds: trackIds(params.all('songId')),
      }),
    };
  }),
  updatePlaylist: method(false, async ({ deps, auth, params }) => {
    const isPublic = params.one('public');
    await updatePlaylist(deps, auth, idOf(params.required('playlistId'), 'playlist'), {
      name: params.one('name'),
      comment: params.one('comment'),
      public: isPublic === undefined ? undefined : params.bool('public', false),
      add: trackIds(params.all('songIdToAdd')),
      removeIndexes: params.ints('songIndexToRemove', { min: 0, max: 1_000_000 }),
    });
    return {};
  }),
  deletePlaylist: method(false, async ({ deps, auth, params }) => {
    await deletePlaylist(deps, auth, idOf(params.required('id'), 'playlist'));
    return {};
  }),
};

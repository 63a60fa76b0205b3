import './AddToPlaylistHost.css';
import { Provider, useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { currentUserId } from '../../lib/current-user.ts';
import type { InferResponseType } from 'hono/client';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { addToPlaylistAtom } from '../../stores/library.atoms.ts';
import { appStore } from '../../stores/store.ts';
import { toast } from '../../stores/toast.atoms.ts';
import Icon from '../Icon.tsx';
import PlaylistForm from './PlaylistForm.tsx';

type OwnPlaylist = InferResponseType<typeof islandApi.users.me.library.playlists.$get, 200>['pagination']['data'][number];

/**
 * The page's one add-to-playlist dialog, kept across navigation beside the player: buttons, track
 * menus and the player open it through `requestAddToPlaylist`.
 */
export default function AddToPlaylistHost({ lines }: { lines: Lines }) {
  return (
    <Provider store={appStore}>
      <Host lines={lines} />
    </Provider>
  );
}

function Host({ lines }: { lines: Lines }) {
  const t = translator(lines);
  const [request, setRequest] = useAtom(addToPlaylistAtom);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [playlists, setPlaylists] = useState<OwnPlaylist[] | null>(null);
  const [creating, setCreating] = useState<{ trackIds: number[] } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per request; t and close are rebuilt each render
  useEffect(() => {
    if (!request) return;
    setPlaylists(null);
    if (!dialogRef.current?.open) dialogRef.current?.showModal();
    const userId = currentUserId();
    ok(islandApi.users.me.library.playlists.$get({ query: { perPage: 50 } }))
      // Only playlists the listener may add to: their own, and collaborative ones they follow.
      .then(({ pagination }) => setPlaylists(pagination.data.filter((p) => p.owner?.id === userId || p.collaborative)))
      .catch((error: unknown) => {
        toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again.'));
        close();
      });
  }, [request]);

  const close = () => {
    dialogRef.current?.close();
    setRequest(null);
  };

  const add = async (playlist: { id: number; name: string }, trackIds: number[]) => {
    try {
      const { added } = await ok(islandApi.playlists[':id'].tracks.$post({ param: { id: String(playlist.id) }, json: { track_ids: trackIds } }));
      toast(added ? t('Added to :name', { name: playlist.name }) : t('Already in :name', { name: playlist.name }));
    } catch (error) {
      toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again.'));
    }
  };

  return (
    <>
      <dialog ref={dialogRef} className="dialog" aria-labelledby="add-to-playlist-title" onClose={() => setRequest(null)}>
        <h2 id="add-to-playlist-title">{t('Add to playlist')}</h2>
        {request && <p className="muted">{request.name}</p>}
        <ul className="pick-list">
          <li>
            <button
              type="button"
              className="pick-item"
              onClick={() => {
                const trackIds = request?.trackIds ?? [];
                close();
                setCreating({ trackIds });
              }}
            >
              <Icon name="add" /> {t('New playlist')}
            </button>
          </li>
          {playlists === null && <li className="muted">{t('Loading…')}</li>}
          {playlists?.map((playlist) => (
            <li key={playlist.id}>
              <button
                type="button"
                className="pick-item"
                onClick={() => {
                  const trackIds = request?.trackIds ?? [];
                  close();
                  void add(playlist, trackIds);
                }}
              >
                <Icon name="queueMusic" /> <span className="pick-name">{playlist.name}</span>
                <span className="muted">{t(':count track |||| :count tracks', { count: playlist.tracks_count })}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={close}>
            {t('Cancel')}
          </button>
        </div>
      </dialog>
      {creating && (
        <PlaylistForm
          t={t}
          open
          onClose={() => setCreating(null)}
          onSaved={async (created) => {
            const { trackIds } = creating;
            setCreating(null);
            await add(created, trackIds);
          }}
        />
      )}
    </>
  );
}

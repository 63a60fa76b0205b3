import { Provider } from 'jotai';
import { useRef, useState } from 'react';
import { apiRequest } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { appStore } from '../../stores/store.ts';
import { toast } from '../../stores/toast.atoms.ts';
import Icon from '../Icon.tsx';
import PlaylistForm, { type PlaylistFields } from './PlaylistForm.tsx';

interface OwnPlaylist {
  id: number;
  name: string;
  collaborative: boolean;
  owner: { id: number } | null;
  tracks_count: number;
}

interface Props {
  trackIds: number[];
  /** What is being added, for the button's accessible name. */
  name: string;
  lines: Lines;
  userId: number | null;
  variant?: 'icon' | 'button';
}

/** Picks one of the listener's playlists (or makes a new one) and adds the tracks to it. */
export default function AddToPlaylist(props: Props) {
  return (
    <Provider store={appStore}>
      <Picker {...props} />
    </Provider>
  );
}

export async function addTracksTo(playlist: { id: number; name: string }, trackIds: number[], t: ReturnType<typeof translator>) {
  try {
    const { added } = await apiRequest<{ added: number }>(`playlists/${playlist.id}/tracks`, { method: 'POST', body: { track_ids: trackIds } });
    toast(added ? t('Added to :name', { name: playlist.name }) : t('Already in :name', { name: playlist.name }));
  } catch (error) {
    toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again.'));
  }
}

function Picker({ trackIds, name, lines, userId, variant = 'icon' }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [playlists, setPlaylists] = useState<OwnPlaylist[] | null>(null);
  const [creating, setCreating] = useState(false);

  const open = async () => {
    if (userId === null) {
      location.assign(`/login?redirect=${encodeURIComponent(location.pathname)}`);
      return;
    }
    dialogRef.current?.showModal();
    const { pagination } = await apiRequest<{ pagination: { data: OwnPlaylist[] } }>('users/me/library/playlists?perPage=50');
    // Only playlists the listener may add to: their own, and collaborative ones they follow.
    setPlaylists(pagination.data.filter((p) => p.owner?.id === userId || p.collaborative));
  };
  const pick = async (playlist: { id: number; name: string }) => {
    dialogRef.current?.close();
    await addTracksTo(playlist, trackIds, t);
  };
  const label = t('Add :name to a playlist', { name });

  return (
    <>
      <button
        type="button"
        className={variant === 'icon' ? 'icon-button' : 'button'}
        onClick={open}
        disabled={!hydrated}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
      >
        <Icon name="playlistAdd" />
        {variant === 'button' && t('Add to playlist')}
      </button>
      <dialog ref={dialogRef} className="dialog" aria-labelledby="add-to-playlist-title">
        <h2 id="add-to-playlist-title">{t('Add to playlist')}</h2>
        <ul className="pick-list">
          <li>
            <button
              type="button"
              className="pick-item"
              onClick={() => {
                dialogRef.current?.close();
                setCreating(true);
              }}
            >
              <Icon name="add" /> {t('New playlist')}
            </button>
          </li>
          {playlists === null && <li className="muted">{t('Loading…')}</li>}
          {playlists?.map((playlist) => (
            <li key={playlist.id}>
              <button type="button" className="pick-item" onClick={() => pick(playlist)}>
                <Icon name="queueMusic" /> <span className="pick-name">{playlist.name}</span>
                <span className="muted">{t(':count tracks', { count: playlist.tracks_count })}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
            {t('Cancel')}
          </button>
        </div>
      </dialog>
      {creating && (
        <PlaylistForm
          t={t}
          open
          onClose={() => setCreating(false)}
          onSaved={async (created: PlaylistFields) => {
            setCreating(false);
            await addTracksTo(created, trackIds, t);
          }}
        />
      )}
    </>
  );
}

import { Provider } from 'jotai';
import { useRef, useState } from 'react';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { playlistUrl } from '../../lib/slug.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { appStore } from '../../stores/store.ts';
import { toast } from '../../stores/toast.atoms.ts';
import Icon from '../Icon.tsx';
import PlaylistForm, { type PlaylistFields } from './PlaylistForm.tsx';

interface Props {
  playlist: PlaylistFields;
  lines: Lines;
}

/** The owner's tools on a playlist page: edit details, change the cover, delete. */
export default function PlaylistActions(props: Props) {
  return (
    <Provider store={appStore}>
      <Actions {...props} />
    </Provider>
  );
}

function Actions({ playlist, lines }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const [editing, setEditing] = useState(false);
  const confirmRef = useRef<HTMLDialogElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      await ok(islandApi.playlists[':id'].image.$post({ param: { id: String(playlist.id) }, form: { file } }));
      toast(t('Cover updated'));
      location.reload();
    } catch (error) {
      toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again.'));
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const remove = async () => {
    try {
      await ok(islandApi.playlists[':id'].$delete({ param: { id: String(playlist.id) } }));
      toast(t('Playlist deleted'));
      location.assign('/library/playlists');
    } catch (error) {
      toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again.'));
    }
  };

  return (
    <>
      <button type="button" className="button" onClick={() => setEditing(true)} disabled={!hydrated}>
        <Icon name="edit" /> {t('Edit')}
      </button>
      <button type="button" className="button" onClick={() => fileRef.current?.click()} disabled={!hydrated || uploading}>
        {uploading ? t('Uploading…') : t('Change cover')}
      </button>
      <input ref={fileRef} type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden aria-label={t('Cover image')} onChange={(e) => upload(e.currentTarget.files?.[0])} />
      <button type="button" className="button" onClick={() => confirmRef.current?.showModal()} disabled={!hydrated}>
        <Icon name="delete" /> {t('Delete')}
      </button>
      <PlaylistForm
        t={t}
        playlist={playlist}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setEditing(false);
          toast(t('Playlist saved'));
          location.assign(playlistUrl(saved));
        }}
      />
      <dialog ref={confirmRef} className="dialog" aria-labelledby="delete-playlist-title">
        <h2 id="delete-playlist-title">{t('Delete playlist')}</h2>
        <p>{t('":name" will be deleted for everyone who follows it. This cannot be undone.', { name: playlist.name })}</p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => confirmRef.current?.close()}>
            {t('Cancel')}
          </button>
          <button type="button" className="button primary" onClick={remove}>
            {t('Delete')}
          </button>
        </div>
      </dialog>
    </>
  );
}

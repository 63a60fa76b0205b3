import { useEffect, useRef } from 'react';
import type { InferResponseType } from 'hono/client';
import { islandApi, ok } from '../../lib/island-api.ts';
import { Field, useServerForm } from '../auth/form.tsx';
import type { Translate } from '../account/types.ts';

type Playlist = InferResponseType<(typeof islandApi.playlists)[':id']['$get'], 200>['playlist'];
export type PlaylistFields = Pick<Playlist, 'id' | 'name' | 'description' | 'public' | 'collaborative'>;

interface Props {
  t: Translate;
  /** The playlist to edit; without it the form creates one. */
  playlist?: PlaylistFields;
  open: boolean;
  onClose: () => void;
  onSaved: (playlist: PlaylistFields) => void;
}

/** Create or edit a playlist in a modal dialog; server errors land on their fields. */
export default function PlaylistForm({ t, playlist, open, onClose, onSaved }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { formRef, busy, errors, submit } = useServerForm(t('There was an issue. Please try again.'));
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const prefix = playlist ? `playlist-${playlist.id}` : 'new-playlist';
  const onSubmit = submit(async (form) => {
    const json = {
      name: String(form.get('name') ?? ''),
      description: String(form.get('description') ?? '').trim() || null,
      public: form.get('public') === 'on',
      collaborative: form.get('collaborative') === 'on',
    };
    const { playlist: saved } = playlist ? await ok(islandApi.playlists[':id'].$put({ param: { id: String(playlist.id) }, json })) : await ok(islandApi.playlists.$post({ json }));
    onSaved(saved);
  });
  return (
    <dialog ref={dialogRef} className="dialog" aria-labelledby={`${prefix}-title`} onClose={onClose}>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <h2 id={`${prefix}-title`}>{playlist ? t('Edit playlist') : t('New playlist')}</h2>
        <Field id={`${prefix}-name`} name="name" label={t('Name')} defaultValue={playlist?.name} error={errors.name} />
        <div className="field">
          <label htmlFor={`${prefix}-description`}>{t('Description')}</label>
          <textarea id={`${prefix}-description`} name="description" rows={3} maxLength={1000} defaultValue={playlist?.description ?? ''} aria-invalid={Boolean(errors.description)} />
          {errors.description && <span className="field-error">{errors.description}</span>}
        </div>
        <label className="checkbox">
          <input type="checkbox" name="public" defaultChecked={playlist?.public ?? true} />
          {t('Public: anyone can find and play it')}
        </label>
        <label className="checkbox">
          <input type="checkbox" name="collaborative" defaultChecked={playlist?.collaborative ?? false} />
          {t('Collaborative: followers can add and remove tracks')}
        </label>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {playlist ? t('Save') : t('Create')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

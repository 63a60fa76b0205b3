import { useState } from 'react';
import { HttpError } from '../../lib/http.ts';
import type { translator } from '../../lib/i18n.ts';
import { islandApi, ok, toastFailure } from '../../lib/island-api.ts';
import { toast } from '../../stores/toast.atoms.ts';

export type Translate = ReturnType<typeof translator>;
export interface Genre {
  id: number;
  name: string;
  display_name: string | null;
}

/** Stores a file through the API's uploads (the same rules as every upload); public files are for covers and images. */
export async function uploadFile(file: File, disk: 'public' | 'uploads') {
  const { fileEntry } = await ok(islandApi['file-entries'].$post({ form: { file, metadata: JSON.stringify({ disk }) } }));
  return fileEntry;
}

/** A form's save: field errors shown under their fields, anything else as a toast. */
export function useSave(t: Translate) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const run = async (save: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setErrors({});
    try {
      await save();
      toast(t(done));
      return true;
    } catch (error) {
      if (error instanceof HttpError && Object.keys(error.errors).length) setErrors(error.errors);
      toastFailure(error, t('There was an issue. Please try again.'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { errors, busy, run };
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <span id={`${id}-error`} className="field-error">
      {error}
    </span>
  ) : null;
}

/** Input props that tie a field to its error for screen readers. */
export const describedBy = (id: string, error?: string) => (error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {});

export function GenrePicker({ t, genres, value, onChange, error }: { t: Translate; genres: Genre[]; value: number[]; onChange: (ids: number[]) => void; error?: string }) {
  return (
    <fieldset className="field backstage-genres">
      <legend>{t('Genres')}</legend>
      <div className="backstage-chips">
        {genres.map((genre) => (
          <label key={genre.id} className="backstage-chip">
            <input
              type="checkbox"
              checked={value.includes(genre.id)}
              onChange={(e) => onChange(e.currentTarget.checked ? [...value, genre.id] : value.filter((id) => id !== genre.id))}
            />
            {genre.display_name ?? genre.name}
          </label>
        ))}
      </div>
      <FieldError id="genre_ids" error={error} />
    </fieldset>
  );
}

/** An image chosen from the computer, stored publicly, and shown before saving. */
export function ImageField({ t, id, label, value, onChange }: { t: Translate; id: string; label: string; value: string | null; onChange: (url: string | null) => void }) {
  const [uploading, setUploading] = useState(false);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      onChange((await uploadFile(file, 'public')).url);
    } catch (error) {
      toast.danger(error instanceof HttpError ? (error.errors.file ?? error.message) : t('There was an issue. Please try again.'));
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className="field backstage-image">
      <span className="label">{label}</span>
      <div className="backstage-image-row">
        {value ? <img src={value} alt={label} width={96} height={96} /> : <span className="backstage-image-empty" aria-hidden="true" />}
        <label className="button" htmlFor={id}>
          {uploading ? t('Uploading…') : t('Upload image')}
        </label>
        <input id={id} type="file" accept="image/png,image/jpeg,image/gif,image/webp" className="visually-hidden" disabled={uploading} onChange={(e) => choose(e.currentTarget.files?.[0])} />
        {value && (
          <button type="button" className="button" onClick={() => onChange(null)}>
            {t('Remove image')}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * The track's audio as the artist uploaded it, to hear a draft before publishing it. A plain
 * audio element, apart from the site's player: a preview is not a play and is never counted.
 */
export function AudioPreview({ t, trackId, name }: { t: Translate; trackId: number; name: string }) {
  return (
    <div className="field">
      <span className="label">{t('Listen')}</span>
      <audio className="backstage-audio" controls preload="none" src={`/api/v1/tracks/${trackId}/stream`} aria-label={t('Listen to :name', { name })} />
    </div>
  );
}

/** Which of the user's artists a new track or album belongs to. */
export function ArtistSelect({ t, id, artists, value, onChange, error }: { t: Translate; id: string; artists: { id: number; name: string }[]; value: number; onChange: (id: number) => void; error?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{t('Artist')}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.currentTarget.value))} {...describedBy('artist_id', error)}>
        {artists.map((artist) => (
          <option key={artist.id} value={artist.id}>
            {artist.name}
          </option>
        ))}
      </select>
      <FieldError id="artist_id" error={error} />
    </div>
  );
}

import './backstage.css';
import { navigate } from 'astro:transitions/client';
import { useEffect, useState } from 'react';
import { HttpError } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { ArtistSelect, AudioPreview, describedBy, FieldError, GenrePicker, uploadFile, useSave, type Genre } from './shared.tsx';

interface Track {
  id: number;
  name: string;
  number: number | null;
  album_id: number | null;
  description: string | null;
  artist_ids: number[];
  genre_ids: number[];
}
interface Props {
  lines: Lines;
  track?: Track;
  artists: { id: number; name: string }[];
  genres: Genre[];
}

/** A track's details, album and genres; with no track, a new one from an audio file, on one of the user's artists. */
export default function TrackEditor({ lines, track, artists, genres }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const { errors, busy, run } = useSave(t);
  const [name, setName] = useState(track?.name ?? '');
  const [number, setNumber] = useState(track?.number?.toString() ?? '');
  const [description, setDescription] = useState(track?.description ?? '');
  const [genreIds, setGenreIds] = useState(track?.genre_ids ?? []);
  const [albumId, setAlbumId] = useState(track?.album_id ?? 0);
  // Admins edit tracks of artists they are not linked to: the track's own artist names its albums then.
  const [artistId, setArtistId] = useState(track?.artist_ids.find((id) => artists.some((a) => a.id === id)) ?? track?.artist_ids[0] ?? artists[0]?.id ?? 0);
  const [albums, setAlbums] = useState<{ id: number; name: string }[]>([]);
  const [fileEntryId, setFileEntryId] = useState(0);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (!artistId) return;
    ok(islandApi.backstage.artists[':id'].albums.$get({ param: { id: String(artistId) } }))
      .then((data) => setAlbums(data.albums))
      .catch(() => setAlbums([]));
  }, [artistId]);

  const chooseAudio = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      setFileEntryId((await uploadFile(file, 'uploads')).id);
      if (!name) setName(file.name.replace(/\.[^.]+$/, ''));
    } catch (error) {
      toast.danger(error instanceof HttpError ? (error.errors.file ?? error.message) : t('There was an issue. Please try again.'));
    } finally {
      setUploading(false);
    }
  };

  const save = async (event: React.SubmitEvent) => {
    event.preventDefault();
    const fields = { name, number: number === '' ? null : Number(number), description, genre_ids: genreIds, ...(albumId !== (track?.album_id ?? 0) ? { album_id: albumId || null } : {}) };
    if (track) {
      await run(() => ok(islandApi.backstage.tracks[':id'].$put({ param: { id: String(track.id) }, json: fields })), 'Track saved');
      return;
    }
    let id = 0;
    const done = await run(async () => {
      id = (await ok(islandApi.backstage.tracks.$post({ json: { ...fields, artist_id: artistId, file_entry_id: fileEntryId } }))).track.id;
    }, 'Track created');
    if (done) await navigate(`/backstage/tracks/${id}/edit`);
  };

  return (
    <form className="backstage-form" onSubmit={save} noValidate data-testid="track-editor">
      {!track && (
        <>
          <ArtistSelect t={t} id="track-artist" artists={artists} value={artistId} onChange={setArtistId} error={errors.artist_id} />
          <div className="field">
            <label htmlFor="track-audio">{t('Audio file')}</label>
            <input id="track-audio" type="file" accept="audio/*" disabled={uploading} onChange={(e) => chooseAudio(e.currentTarget.files?.[0])} {...describedBy('file_entry_id', errors.file_entry_id)} />
            <span className="muted small" aria-live="polite">
              {uploading ? t('Uploading…') : fileEntryId ? t('Uploaded') : ''}
            </span>
            <FieldError id="file_entry_id" error={errors.file_entry_id} />
          </div>
        </>
      )}
      {track && <AudioPreview t={t} trackId={track.id} name={track.name} />}
      <div className="field">
        <label htmlFor="track-name">{t('Name')}</label>
        <input id="track-name" type="text" value={name} required maxLength={255} onChange={(e) => setName(e.currentTarget.value)} {...describedBy('name', errors.name)} />
        <FieldError id="name" error={errors.name} />
      </div>
      <div className="backstage-row">
        <div className="field">
          <label htmlFor="track-album">{t('Album')}</label>
          <select id="track-album" value={albumId} onChange={(e) => setAlbumId(Number(e.currentTarget.value))} {...describedBy('album_id', errors.album_id)}>
            <option value={0}>{t('No album')}</option>
            {albums.map((album) => (
              <option key={album.id} value={album.id}>
                {album.name}
              </option>
            ))}
          </select>
          <FieldError id="album_id" error={errors.album_id} />
        </div>
        <div className="field">
          <label htmlFor="track-number">{t('Number')}</label>
          <input id="track-number" type="number" min={0} max={10000} value={number} onChange={(e) => setNumber(e.currentTarget.value)} {...describedBy('number', errors.number)} />
          <FieldError id="number" error={errors.number} />
        </div>
      </div>
      <GenrePicker t={t} genres={genres} value={genreIds} onChange={setGenreIds} error={errors.genre_ids} />
      <div className="field">
        <label htmlFor="track-description">{t('Description')}</label>
        <textarea id="track-description" rows={4} maxLength={5000} value={description} onChange={(e) => setDescription(e.currentTarget.value)} {...describedBy('description', errors.description)} />
        <FieldError id="description" error={errors.description} />
      </div>
      <div className="backstage-actions">
        <button type="submit" className="button primary" disabled={!hydrated || busy || uploading || (!track && (!fileEntryId || !artistId))}>
          {track ? t('Save') : t('Create track')}
        </button>
        {track && (
          <a className="button" href={`/backstage/tracks/${track.id}/insights`}>
            {t('Insights')}
          </a>
        )}
      </div>
    </form>
  );
}

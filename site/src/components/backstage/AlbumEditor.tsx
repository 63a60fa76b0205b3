import './backstage.css';
import './AlbumEditor.css';
import { navigate } from 'astro:transitions/client';
import { useState } from 'react';
import { moveItem } from '../../lib/backstage.ts';
import { formatDuration } from '@app/shared/format/duration';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { ArtistSelect, describedBy, FieldError, ImageField, useSave } from './shared.tsx';

interface AlbumTrack {
  id: number;
  name: string;
  number: number | null;
  duration: number | null;
}
interface Album {
  id: number;
  name: string;
  image: string | null;
  description: string | null;
  type: string;
  release_date: string | null;
  tracks: AlbumTrack[];
}
interface Props {
  lines: Lines;
  album?: Album;
  artists?: { id: number; name: string }[];
}

const TYPES = ['album', 'single', 'ep', 'compilation'] as const;

/** An album's details, cover, release date and track order; with no album, a new one for one of the user's artists. */
export default function AlbumEditor({ lines, album, artists = [] }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const { errors, busy, run } = useSave(t);
  const [name, setName] = useState(album?.name ?? '');
  const [description, setDescription] = useState(album?.description ?? '');
  const [type, setType] = useState(album?.type ?? 'album');
  const [releaseDate, setReleaseDate] = useState(album?.release_date ?? '');
  const [image, setImage] = useState<string | null>(album?.image ?? null);
  const [artistId, setArtistId] = useState(artists[0]?.id ?? 0);
  const [tracks, setTracks] = useState(album?.tracks ?? []);
  const [announce, setAnnounce] = useState('');

  const move = (index: number, by: -1 | 1) => {
    const next = moveItem(tracks, index, by);
    if (next === tracks) return;
    setTracks(next);
    setAnnounce(t(':name moved to position :position', { name: tracks[index].name, position: index + by + 1 }));
    // Keep the focus on the moved track's same button, so repeated presses keep moving it.
    requestAnimationFrame(() => document.getElementById(`move-${by < 0 ? 'up' : 'down'}-${tracks[index].id}`)?.focus());
  };

  const save = async (event: React.SubmitEvent) => {
    event.preventDefault();
    const fields = { name, description, type: type as (typeof TYPES)[number], release_date: releaseDate, image: image ?? '' };
    if (album) {
      await run(async () => {
        const saved = await ok(islandApi.backstage.albums[':id'].$put({ param: { id: String(album.id) }, json: { ...fields, track_ids: tracks.map((track) => track.id) } }));
        setTracks(saved.album.tracks);
      }, 'Album saved');
    } else {
      let id = 0;
      const done = await run(async () => {
        id = (await ok(islandApi.backstage.albums.$post({ json: { ...fields, artist_id: artistId } }))).album.id;
      }, 'Album created');
      if (done) await navigate(`/backstage/albums/${id}/edit`);
    }
  };

  return (
    <form className="backstage-form" onSubmit={save} noValidate data-testid="album-editor">
      {!album && (
        <ArtistSelect t={t} id="album-artist" artists={artists} value={artistId} onChange={setArtistId} error={errors.artist_id} />
      )}
      <div className="field">
        <label htmlFor="album-name">{t('Name')}</label>
        <input id="album-name" type="text" value={name} required maxLength={255} onChange={(e) => setName(e.currentTarget.value)} {...describedBy('name', errors.name)} />
        <FieldError id="name" error={errors.name} />
      </div>
      <ImageField t={t} id="album-cover" label={t('Cover')} value={image} onChange={setImage} />
      <FieldError id="image" error={errors.image} />
      <div className="backstage-row">
        <div className="field">
          <label htmlFor="album-release-date">{t('Release date')}</label>
          <input id="album-release-date" type="date" value={releaseDate} onChange={(e) => setReleaseDate(e.currentTarget.value)} {...describedBy('release_date', errors.release_date)} />
          <FieldError id="release_date" error={errors.release_date} />
        </div>
        <div className="field">
          <label htmlFor="album-type">{t('Type')}</label>
          <select id="album-type" value={type} onChange={(e) => setType(e.currentTarget.value)}>
            <option value="album">{t('Album')}</option>
            <option value="single">{t('Single')}</option>
            <option value="ep">{t('EP')}</option>
            <option value="compilation">{t('Compilation')}</option>
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor="album-description">{t('Description')}</label>
        <textarea id="album-description" rows={4} maxLength={5000} value={description} onChange={(e) => setDescription(e.currentTarget.value)} {...describedBy('description', errors.description)} />
        <FieldError id="description" error={errors.description} />
      </div>
      {album && (
        <section aria-labelledby="album-tracks-title">
          <h2 id="album-tracks-title">{t('Tracks')}</h2>
          {tracks.length === 0 ? (
            <p className="muted">{t('This album has no tracks yet.')}</p>
          ) : (
            <ol className="backstage-track-order">
              {tracks.map((track, index) => (
                <li key={track.id} data-testid="album-track">
                  <span className="backstage-track-position" aria-hidden="true">
                    {index + 1}
                  </span>
                  <a href={`/backstage/tracks/${track.id}/edit`} className="backstage-track-name">
                    {track.name}
                  </a>
                  <span className="muted">{formatDuration(track.duration)}</span>
                  <button type="button" id={`move-up-${track.id}`} className="icon-button" disabled={!hydrated || index === 0} onClick={() => move(index, -1)} aria-label={t('Move :name up', { name: track.name })}>
                    ↑
                  </button>
                  <button type="button" id={`move-down-${track.id}`} className="icon-button" disabled={!hydrated || index === tracks.length - 1} onClick={() => move(index, 1)} aria-label={t('Move :name down', { name: track.name })}>
                    ↓
                  </button>
                </li>
              ))}
            </ol>
          )}
          <FieldError id="track_ids" error={errors.track_ids} />
          <p className="visually-hidden" aria-live="polite">
            {announce}
          </p>
        </section>
      )}
      <div className="backstage-actions">
        <button type="submit" className="button primary" disabled={!hydrated || busy || (!album && !artistId)}>
          {album ? t('Save') : t('Create album')}
        </button>
        {album && (
          <a className="button" href={`/backstage/albums/${album.id}/insights`}>
            {t('Insights')}
          </a>
        )}
      </div>
    </form>
  );
}

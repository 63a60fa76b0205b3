import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { formatBytes } from '@app/shared/format/bytes';
import { AUDIO_TYPES, isIgnoredFile, TYPE_NOT_ALLOWED, typeAllowed, type UploadRestrictions } from '@app/shared/upload/restrictions';
import { CadenceUploader, type FileEntry, type UploadBody, type UploadMeta } from '@app/shared/upload/uploader';
import { translatedUppyStrings } from '@app/shared/upload/uppy-locale';
import Uppy from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import { useEffect, useRef, useState } from 'react';
import { HttpError } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { ArtistSelect, AudioPreview, GenrePicker, ImageField, useSave, type Genre, type Translate } from './shared.tsx';

interface Imported {
  track: { id: number; name: string; genre_ids: number[]; published: boolean };
  album: { id: number; name: string; image: string | null };
}
interface Row {
  id: string;
  fileName: string;
  status: 'pending' | 'inProgress' | 'completed' | 'failed';
  progress: number;
  message?: string;
  imported?: Imported;
}
interface Props {
  lines: Lines;
  artists: { id: number; name: string }[];
  genres: Genre[];
  restrictions: UploadRestrictions;
  /** Tracks the user may still upload; null when there is no limit. */
  remaining: number | null;
}

const DEFAULT_ERROR = 'There was an issue. Please try again.';

/** A stored file made into a draft track of the chosen artist; a file that cannot become one is not kept. */
async function importTrack(entry: FileEntry, artistId: number, t: Translate): Promise<Imported> {
  try {
    return await ok(islandApi.backstage.tracks.import.$post({ json: { fileEntryId: entry.id, artist_id: artistId } }));
  } catch (error) {
    await ok(islandApi['file-entries'].delete.$post({ json: { entryIds: [entry.id], deleteForever: true } })).catch(() => undefined);
    throw new Error(error instanceof HttpError ? error.message : t(DEFAULT_ERROR));
  }
}

function createUppy(restrictions: UploadRestrictions, remaining: number | null, t: Translate, artistId: () => number) {
  const uppy: Uppy<UploadMeta, UploadBody> = new Uppy<UploadMeta, UploadBody>({
    id: 'backstage-upload',
    autoProceed: false,
    // Over the quota is said before anything is sent; the server refuses it again anyway.
    restrictions: { maxFileSize: restrictions.maxSize, allowedFileTypes: AUDIO_TYPES, maxNumberOfFiles: remaining ?? null },
    locale: {
      strings: { ...translatedUppyStrings((line) => t(line)), youCanOnlyUploadFileTypes: t(TYPE_NOT_ALLOWED) },
      pluralize: (count: number) => (count === 1 ? 0 : 1),
    },
    onBeforeFileAdded: (file) => {
      if (isIgnoredFile(file.name ?? '')) return false;
      if (!typeAllowed(restrictions, { name: file.name ?? '', type: file.type })) {
        uppy.info(t(TYPE_NOT_ALLOWED), 'error', 5000);
        return false;
      }
      return true;
    },
  });
  return uppy.use(CadenceUploader, { restrictions, afterUpload: (entry) => importTrack(entry, artistId(), t) });
}

/** One new track to check: title, cover (its album's), genres and lyrics, then publish or keep as a draft. */
function ReviewItem({ t, genres, imported }: { t: Translate; genres: Genre[]; imported: Imported }) {
  const { errors, busy, run } = useSave(t);
  const id = imported.track.id;
  const [name, setName] = useState(imported.track.name);
  const [genreIds, setGenreIds] = useState(imported.track.genre_ids);
  const [lyrics, setLyrics] = useState('');
  const [cover, setCover] = useState(imported.album.image);
  const [published, setPublished] = useState(imported.track.published);

  const save = (publish: boolean) =>
    run(async () => {
      await ok(islandApi.backstage.tracks[':id'].$put({ param: { id: String(id) }, json: { name, genre_ids: genreIds, lyrics: lyrics || null, published: publish } }));
      if (cover !== imported.album.image) await ok(islandApi.backstage.albums[':id'].$put({ param: { id: String(imported.album.id) }, json: { image: cover } }));
      setPublished(publish);
    }, publish ? 'Track published' : 'Draft saved');

  return (
    <form className="backstage-form backstage-review" data-testid="review-item" onSubmit={(e) => e.preventDefault()} noValidate>
      <p className="muted small">
        {published ? t('Published') : t('Draft')} · {t('Album')}: <a href={`/backstage/albums/${imported.album.id}/edit`}>{imported.album.name}</a>
      </p>
      <AudioPreview t={t} trackId={id} name={imported.track.name} />
      <div className="field">
        <label htmlFor={`review-name-${id}`}>{t('Title')}</label>
        <input id={`review-name-${id}`} type="text" value={name} maxLength={255} onChange={(e) => setName(e.currentTarget.value)} />
        {errors.name && <span className="field-error">{errors.name}</span>}
      </div>
      <ImageField t={t} id={`review-cover-${id}`} label={t('Cover')} value={cover} onChange={setCover} />
      <GenrePicker t={t} genres={genres} value={genreIds} onChange={setGenreIds} error={errors.genre_ids} />
      <div className="field">
        <label htmlFor={`review-lyrics-${id}`}>{t('Lyrics')}</label>
        <textarea id={`review-lyrics-${id}`} rows={4} maxLength={50000} value={lyrics} onChange={(e) => setLyrics(e.currentTarget.value)} />
        {errors.lyrics && <span className="field-error">{errors.lyrics}</span>}
      </div>
      <div className="backstage-actions">
        <button type="button" className="button primary" disabled={busy} onClick={() => save(true)}>
          {t('Publish')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => save(false)}>
          {t('Keep as draft')}
        </button>
        <a className="button" href={`/backstage/tracks/${id}/edit`}>
          {t('Edit track')}
        </a>
      </div>
    </form>
  );
}

/**
 * /backstage/upload: many audio files at once (resumable from the threshold on), each made into a
 * draft track of the chosen artist from its tags, then listed for review.
 */
export default function UploadMusic({ lines, artists, genres, restrictions, remaining }: Props) {
  const t = translator(lines);
  const [artistId, setArtistId] = useState(artists[0]?.id ?? 0);
  const artistRef = useRef(artistId);
  artistRef.current = artistId;
  const [uppy] = useState(() => createUppy(restrictions, remaining, t, () => artistRef.current));
  const [rows, setRows] = useState<Row[]>([]);

  useEffect(() => {
    const change = (id: string, patch: Partial<Row>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));
    const onAdded = (file: { id: string; name?: string }) => setRows((current) => [...current.filter((row) => row.id !== file.id), { id: file.id, fileName: file.name ?? '', status: 'pending', progress: 0 }]);
    const onProgress = (file: { id: string } | undefined, progress: { bytesUploaded: number; bytesTotal: number | null }) =>
      file && change(file.id, { status: 'inProgress', progress: progress.bytesTotal ? Math.floor((progress.bytesUploaded / progress.bytesTotal) * 100) : 0, message: undefined });
    const onSuccess = (file: { id: string } | undefined, response: { body?: UploadBody }) =>
      file && change(file.id, { status: 'completed', progress: 100, imported: response.body?.result as Imported | undefined });
    const onError = (file: { id: string } | undefined, error: { message: string }) => file && change(file.id, { status: 'failed', progress: 0, message: error.message });
    const onRemoved = (file: { id: string }) => setRows((current) => current.filter((row) => row.id !== file.id || row.status === 'completed'));
    uppy.on('file-added', onAdded);
    uppy.on('upload-progress', onProgress);
    uppy.on('upload-success', onSuccess);
    uppy.on('upload-error', onError);
    uppy.on('file-removed', onRemoved);
    return () => {
      uppy.off('file-added', onAdded);
      uppy.off('upload-progress', onProgress);
      uppy.off('upload-success', onSuccess);
      uppy.off('upload-error', onError);
      uppy.off('file-removed', onRemoved);
    };
  }, [uppy]);

  // Leaving the page stops what is still running; stored progress lets a later visit resume.
  useEffect(() => () => uppy.cancelAll(), [uppy]);

  return (
    <div className="backstage-upload">
      {artists.length > 1 && (
        <ArtistSelect t={t} id="upload-artist" artists={artists} value={artistId} onChange={setArtistId} />
      )}
      <Dashboard
        uppy={uppy}
        width="100%"
        height={320}
        theme="auto"
        proudlyDisplayPoweredByUppy={false}
        note={t('Audio files, up to :size each', { size: formatBytes(restrictions.maxSize) })}
      />
      <ul className="backstage-upload-list" aria-live="polite">
        {rows.map((row) => (
          <li key={row.id} data-testid="upload-row">
            <strong>{row.fileName}</strong>{' '}
            <span className="muted small">
              {row.status === 'completed' ? t('Uploaded') : row.status === 'failed' ? row.message : row.status === 'inProgress' ? `${row.progress}%` : t('Waiting')}
            </span>
            {row.imported && <ReviewItem t={t} genres={genres} imported={row.imported} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

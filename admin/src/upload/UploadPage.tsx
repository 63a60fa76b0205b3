import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { Alert, Card, CardContent, Typography, useTheme } from '@mui/material';
import Uppy from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HttpError, Loading, Title, useTranslate, type TranslateFunction } from 'react-admin';
import { msg } from '../i18n/messages.ts';
import { useAppDataProvider } from '../providers/dataProvider.ts';
import { httpClient } from '../providers/httpClient.ts';
import { ReviewList, type ImportedTrack, type ReviewRow } from './ReviewList.tsx';
import { formatBytes } from '@app/shared/format/bytes';
import { AUDIO_TYPES, isIgnoredFile, TYPE_NOT_ALLOWED, typeAllowed, type UploadRestrictions } from '@app/shared/upload/restrictions';
import { translatedUppyStrings } from '@app/shared/upload/uppy-locale';
import { CadenceUploader, type FileEntry, type UploadBody, type UploadMeta } from '@app/shared/upload/uploader';

const DEFAULT_ERROR = msg('There was an issue. Please try again.');

/** Makes a track of a stored audio file; a file that cannot become one is not kept. */
async function importTrack(entry: FileEntry): Promise<ImportedTrack> {
  try {
    const { json } = await httpClient('/api/v1/tracks/import', { method: 'POST', body: JSON.stringify({ fileEntryId: entry.id }) });
    return json.track;
  } catch (error) {
    await httpClient('/api/v1/file-entries/delete', { method: 'POST', body: JSON.stringify({ entryIds: [entry.id], deleteForever: true }) }).catch(() => undefined);
    throw new Error(error instanceof HttpError ? error.message : DEFAULT_ERROR);
  }
}

function createUppy(restrictions: UploadRestrictions, translate: TranslateFunction) {
  const uppy: Uppy<UploadMeta, UploadBody> = new Uppy<UploadMeta, UploadBody>({
    id: 'music-upload',
    autoProceed: false,
    restrictions: { maxFileSize: restrictions.maxSize, allowedFileTypes: AUDIO_TYPES },
    locale: {
      strings: {
        ...translatedUppyStrings((line, values) => translate(line, { _: line, ...values })),
        // The spec's wording for the two refusals.
        exceedsSize: translate('file exceeds maximum allowed size of %{size}', { _: 'file exceeds maximum allowed size of %{size}', size: '%{size}' }),
        youCanOnlyUploadFileTypes: translate(TYPE_NOT_ALLOWED),
      },
      pluralize: (count: number) => (count === 1 ? 0 : 1),
    },
    onBeforeFileAdded: (file) => {
      if (isIgnoredFile(file.name ?? '')) return false;
      if (!typeAllowed(restrictions, { name: file.name ?? '', type: file.type })) {
        uppy.info(translate(TYPE_NOT_ALLOWED), 'error', 5000);
        return false;
      }
      return true;
    },
  });
  return uppy.use(CadenceUploader, { restrictions, afterUpload: (entry) => importTrack(entry) });
}

function Uploader({ restrictions }: { restrictions: UploadRestrictions }) {
  const translate = useTranslate();
  const theme = useTheme();
  const [uppy] = useState(() => createUppy(restrictions, translate));
  const [rows, setRows] = useState<ReviewRow[]>([]);

  useEffect(() => {
    const change = (id: string, patch: Partial<ReviewRow>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));
    const onAdded = (file: { id: string; name?: string }) =>
      setRows((current) => [...current.filter((row) => row.id !== file.id), { id: file.id, fileName: file.name ?? '', status: 'pending', progress: 0 }]);
    const onProgress = (file: { id: string } | undefined, progress: { bytesUploaded: number; bytesTotal: number | null }) => {
      if (!file) return;
      const percent = progress.bytesTotal ? Math.floor((progress.bytesUploaded / progress.bytesTotal) * 100) : 0;
      change(file.id, { status: 'inProgress', progress: percent, message: undefined });
    };
    const onProcessing = (file: { id: string } | undefined) => file && change(file.id, { status: 'inProgress', progress: 100, message: msg('Reading tags…') });
    const onSuccess = (file: { id: string } | undefined, response: { body?: UploadBody }) =>
      file && change(file.id, { status: 'completed', progress: 100, message: undefined, track: response.body?.result as ImportedTrack | undefined });
    const onError = (file: { id: string } | undefined, error: { message: string }) => file && change(file.id, { status: 'failed', progress: 0, message: error.message });
    const onRemoved = (file: { id: string }) =>
      setRows((current) =>
        current.flatMap((row) => {
          if (row.id !== file.id) return [row];
          if (row.status === 'pending') return [];
          return [row.status === 'inProgress' ? { ...row, status: 'aborted' as const, progress: 0, message: undefined } : row];
        }),
      );
    const onRetry = (file: { id: string }) => change(file.id, { status: 'pending', progress: 0, message: undefined });

    uppy.on('file-added', onAdded);
    uppy.on('upload-progress', onProgress);
    uppy.on('postprocess-progress', onProcessing);
    uppy.on('upload-success', onSuccess);
    uppy.on('upload-error', onError);
    uppy.on('file-removed', onRemoved);
    uppy.on('upload-retry', onRetry);
    return () => {
      uppy.off('file-added', onAdded);
      uppy.off('upload-progress', onProgress);
      uppy.off('postprocess-progress', onProcessing);
      uppy.off('upload-success', onSuccess);
      uppy.off('upload-error', onError);
      uppy.off('file-removed', onRemoved);
      uppy.off('upload-retry', onRetry);
    };
  }, [uppy]);

  // Leaving the page stops what is still running; stored progress lets a later visit resume.
  useEffect(() => () => uppy.cancelAll(), [uppy]);

  return (
    <>
      <Dashboard
        uppy={uppy}
        width="100%"
        height={360}
        theme={theme.palette.mode === 'dark' ? 'dark' : 'light'}
        proudlyDisplayPoweredByUppy={false}
        note={translate('Audio files, up to %{size} each', { _: 'Audio files, up to %{size} each', size: formatBytes(restrictions.maxSize) })}
      />
      <ReviewList rows={rows} onTrackChange={(id, track) => setRows((current) => current.map((row) => (row.id === id ? { ...row, track } : row)))} />
    </>
  );
}

/**
 * The Upload section: drop many audio files; each is uploaded (resumably from 4 MB on), made into
 * a track from its tags, and listed for review.
 */
export function UploadPage() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { data: restrictions, error: failure } = useQuery({
    queryKey: ['uploads', 'restrictions'],
    queryFn: () => dataProvider.getUploadRestrictions().then(({ data }) => data),
  });
  const error = failure ? (failure instanceof HttpError ? failure.message : DEFAULT_ERROR) : undefined;

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('Upload')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('Upload music')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('Each audio file becomes a track with the title, artists, album, number, genre and cover art of its tags. Missing artists and albums are created. Check the new tracks below.')}
        </Typography>
        {error ? <Alert severity="error">{translate(error, { _: error })}</Alert> : restrictions ? <Uploader restrictions={restrictions} /> : <Loading />}
      </CardContent>
    </Card>
  );
}

import { Avatar, Box, Button, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AlbumIcon from '@mui/icons-material/Album';
import { useState } from 'react';
import { Link, useNotify, useTranslate, useUpdate } from 'react-admin';
import { trackLength } from '../common/duration.tsx';
import { msg } from '../i18n/messages.ts';
import type { UploadStatus } from '@app/shared/upload/restrictions';

/** What `POST tracks/import` answers: the track and what it was filed under. */
export interface ImportedTrack {
  trackId: number;
  name: string;
  number: number | null;
  duration: number | null;
  fileEntryId: number;
  artists: { id: number; name: string; created: boolean }[];
  album: { id: number; name: string; created: boolean; image: string | null };
  genres: { id: number; name: string; displayName: string | null; created: boolean }[];
}

/** Read by screen readers, not shown. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export interface ReviewRow {
  /** Uppy's file id. */
  id: string;
  fileName: string;
  status: UploadStatus;
  /** 0 to 100. */
  progress: number;
  message?: string;
  track?: ImportedTrack;
}

function StatusCell({ row }: { row: ReviewRow }) {
  const translate = useTranslate();
  const label = {
    pending: translate('Pending'),
    inProgress: row.message ? translate(row.message, { _: row.message }) : translate('Uploading %{percent}%', { percent: row.progress }),
    completed: translate('Completed'),
    failed: translate('Failed'),
    aborted: translate('Aborted'),
  }[row.status];
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="body2" color={row.status === 'failed' ? 'error' : row.status === 'completed' ? 'success.main' : 'text.secondary'}>
        {label}
      </Typography>
      {row.status === 'inProgress' && <LinearProgress variant={row.message ? 'indeterminate' : 'determinate'} value={row.progress} aria-label={`${row.fileName} ${row.progress}%`} />}
      {row.status === 'failed' && row.message && (
        <Typography variant="caption" color="error" role="alert">
          {translate(row.message, { _: row.message })}
        </Typography>
      )}
    </Box>
  );
}

/** Title and number fixed in place; saved when the field is left with a changed value. */
function TrackFields({ track, onSaved }: { track: ImportedTrack; onSaved: (track: ImportedTrack) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const [name, setName] = useState(track.name);
  const [number, setNumber] = useState(track.number === null ? '' : String(track.number));

  const save = (data: { name?: string; number?: number | null }) =>
    update(
      'tracks',
      { id: track.trackId, data, previousData: { id: track.trackId } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          onSaved({ ...track, ...data });
          notify('Track updated', { type: 'success' });
        },
        onError: (error) => notify(error instanceof Error ? error.message : msg('There was an issue. Please try again.'), { type: 'error' }),
      },
    );

  return (
    <>
      <TableCell sx={{ minWidth: 200 }}>
        <TextField
          size="small"
          value={name}
          disabled={isPending}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => name.trim() && name.trim() !== track.name && save({ name: name.trim() })}
          slotProps={{ htmlInput: { 'aria-label': translate('Title: %{name}', { name: track.name }), maxLength: 255 } }}
          fullWidth
        />
      </TableCell>
      <TableCell sx={{ width: 90 }}>
        <TextField
          size="small"
          type="number"
          value={number}
          disabled={isPending}
          onChange={(event) => setNumber(event.target.value)}
          onBlur={() => {
            const value = number === '' ? null : Math.max(0, Math.round(Number(number)));
            if (value !== track.number && (value === null || Number.isFinite(value))) save({ number: value });
          }}
          slotProps={{ htmlInput: { 'aria-label': translate('Track number: %{name}', { name: track.name }), min: 0 } }}
        />
      </TableCell>
    </>
  );
}

/**
 * The uploaded files and the tracks made of them, to check what the tags said: title and number
 * are corrected in place, everything else (artists, album, genres) on the track's page.
 */
export function ReviewList({ rows, onTrackChange }: { rows: ReviewRow[]; onTrackChange: (rowId: string, track: ImportedTrack) => void }) {
  const translate = useTranslate();
  if (!rows.length) return null;
  return (
    <TableContainer sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }} id="upload-review-heading">
        {translate('Review the new tracks')}
      </Typography>
      <Table size="small" aria-labelledby="upload-review-heading" data-testid="upload-review">
        <TableHead>
          <TableRow>
            <TableCell>{translate('File')}</TableCell>
            <TableCell>{translate('Status')}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>{translate('Cover')}</Box>
            </TableCell>
            <TableCell>{translate('Title')}</TableCell>
            <TableCell>#</TableCell>
            <TableCell>{translate('Artists')}</TableCell>
            <TableCell>{translate('Album')}</TableCell>
            <TableCell>{translate('Genre')}</TableCell>
            <TableCell>{translate('Duration')}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>{translate('Actions')}</Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-status={row.status}>
              <TableCell sx={{ minWidth: 140, maxWidth: 240, wordBreak: 'break-word' }}>{row.fileName}</TableCell>
              <TableCell>
                <StatusCell row={row} />
              </TableCell>
              {row.track ? (
                <>
                  <TableCell>
                    <Avatar src={row.track.album.image ?? undefined} alt="" variant="rounded" sx={{ width: 40, height: 40 }}>
                      <AlbumIcon />
                    </Avatar>
                  </TableCell>
                  <TrackFields track={row.track} onSaved={(track) => onTrackChange(row.id, track)} />
                  <TableCell>{row.track.artists.map((artist) => artist.name).join(', ')}</TableCell>
                  <TableCell>{row.track.album.name}</TableCell>
                  <TableCell>{row.track.genres.map((genre) => genre.displayName ?? genre.name).join(', ')}</TableCell>
                  <TableCell>{trackLength(row.track.duration)}</TableCell>
                  <TableCell>
                    <Button component={Link} to={`/tracks/${row.track.trackId}`} size="small" aria-label={translate('Edit: %{name}', { name: row.track.name })}>
                      {translate('Edit')}
                    </Button>
                  </TableCell>
                </>
              ) : (
                <TableCell colSpan={8} />
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

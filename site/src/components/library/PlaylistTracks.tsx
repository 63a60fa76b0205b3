import '../TrackList.css';
import './PlaylistTracks.css';
import { Provider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { formatDuration } from '@app/shared/format/duration';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { toQueueTracks } from '../../lib/tracks.ts';
import { useAtomAfterHydration, useHydrated } from '../../lib/use-hydrated.ts';
import { currentTrackAtom, isPlayingAtom, playQueue, togglePlayback, type QueueTrack } from '../../stores/player.atoms.ts';
import { appStore } from '../../stores/store.ts';
import { toast } from '../../stores/toast.atoms.ts';
import Icon from '../Icon.tsx';
import { TrackTitle } from '../TrackList.tsx';
import SortableList, { DragHandle, SortableRow } from '../SortableList.tsx';

interface Props {
  playlistId: number;
  name: string;
  tracks: QueueTrack[];
  hasMore: boolean;
  perPage: number;
  canEditTracks: boolean;
  lines: Lines;
  /** The page's other actions (edit, follow...), shown beside Play. */
  children?: ReactNode;
}

/**
 * The tracks of a playlist. People who may change it remove tracks and reorder them by dragging
 * a row's handle (mouse, touch or keyboard: `SortableList`) or with the move buttons; every change
 * is saved at once.
 */
export default function PlaylistTracks(props: Props) {
  return (
    <Provider store={appStore}>
      <Tracks {...props} />
    </Provider>
  );
}

function Tracks({ playlistId, name, tracks: initial, hasMore: initialHasMore, perPage, canEditTracks, lines, children }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const current = useAtomAfterHydration(currentTrackAtom, null, hydrated);
  const playing = useAtomAfterHydration(isPlayingAtom, false, hydrated);
  const [tracks, setTracks] = useState(initial);
  const [hasMore, setHasMore] = useState(initialHasMore);
  const [page, setPage] = useState(1);
  const [announcement, setAnnouncement] = useState('');

  const fail = (error: unknown) => toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again.'));

  const loadMore = async () => {
    try {
      const { pagination } = await ok(islandApi.playlists[':id'].tracks.$get({ param: { id: String(playlistId) }, query: { page: page + 1, perPage } }));
      setTracks((list) => [...list, ...toQueueTracks(pagination.data)]);
      setHasMore(pagination.has_more);
      setPage(page + 1);
    } catch (error) {
      fail(error);
    }
  };

  const playAt = (index: number) => {
    if (current?.id === tracks[index].id) togglePlayback();
    else playQueue(tracks, index);
  };

  const remove = async (track: QueueTrack) => {
    const before = tracks;
    setTracks(before.filter((item) => item.id !== track.id));
    try {
      await ok(islandApi.playlists[':id'].tracks.$delete({ param: { id: String(playlistId) }, json: { track_ids: [track.id] } }));
      toast(t('Removed :name from :playlist', { name: track.name, playlist: name }));
    } catch (error) {
      setTracks(before);
      fail(error);
    }
  };

  const move = async (from: number, to: number) => {
    if (to < 0 || to >= tracks.length || from === to) return;
    const before = tracks;
    const next = [...before];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    setTracks(next);
    setAnnouncement(t(':name moved to position :position', { name: moved.name, position: to + 1 }));
    try {
      await ok(islandApi.playlists[':id'].tracks.order.$put({ param: { id: String(playlistId) }, json: { track_id: moved.id, index: to } }));
    } catch (error) {
      setTracks(before);
      fail(error);
    }
  };

  const actions = (
    <div className="actions">
      {tracks.length > 0 && (
        <button type="button" className="button primary" disabled={!hydrated} onClick={() => (tracks.some((tr) => tr.id === current?.id) ? togglePlayback() : playQueue(tracks, 0))}>
          <Icon name={playing && tracks.some((tr) => tr.id === current?.id) ? 'pause' : 'play'} />
          {playing && tracks.some((tr) => tr.id === current?.id) ? t('Pause') : t('Play')}
        </button>
      )}
      {children}
    </div>
  );

  if (!tracks.length)
    return (
      <>
        {actions}
        <p className="muted empty-state">{canEditTracks ? t('This playlist is empty. Add tracks from any track list with the playlist button.') : t('This playlist is empty.')}</p>
      </>
    );

  return (
    <>
      {actions}
      <table className="track-table" aria-label={name}>
        <thead>
          <tr>
            <th className="col-number" scope="col">#</th>
            <th scope="col">{t('Title')}</th>
            <th className="col-album" scope="col">{t('Album')}</th>
            <th className="col-duration" scope="col">
              <span className="visually-hidden">{t('Duration')}</span>
            </th>
            {canEditTracks && (
              <th scope="col">
                <span className="visually-hidden">{t('Edit')}</span>
              </th>
            )}
          </tr>
        </thead>
        <SortableList ids={tracks.map((track) => track.id)} nameOf={(id) => tracks.find((track) => track.id === id)?.name ?? ''} onMove={(from, to) => void move(from, to)} lines={lines}>
          <tbody>
            {tracks.map((track, index) => {
              const active = current?.id === track.id;
              const rowPlaying = active && playing;
              return (
                <SortableRow key={track.id} id={track.id} disabled={!canEditTracks || !hydrated}>
                  {(row) => (
                    <tr {...row.rowProps} className={`track-row${active ? ' active' : ''}${row.isDragging ? ' dragging' : ''}`} data-track-id={track.id} onDoubleClick={() => playAt(index)}>
                      <td className="col-number">
                        <button type="button" className="icon-button row-play" disabled={!hydrated} onClick={() => playAt(index)} aria-label={rowPlaying ? t('Pause :name', { name: track.name }) : t('Play :name', { name: track.name })}>
                          {rowPlaying || active ? <Icon name={rowPlaying ? 'pause' : 'play'} /> : <span className="row-number">{index + 1}</span>}
                        </button>
                      </td>
                      <td>
                        <TrackTitle track={track} withCover />
                      </td>
                      <td className="col-album">{track.album && <a href={track.album.url}>{track.album.name}</a>}</td>
                      <td className="col-duration">{formatDuration(track.duration)}</td>
                      {canEditTracks && (
                        <td className="row-tools">
                          <DragHandle handle={row.handle} label={t('Reorder :name', { name: track.name })} disabled={!hydrated} />
                          <button type="button" className="icon-button" disabled={!hydrated || index === 0} onClick={() => move(index, index - 1)} aria-label={t('Move :name up', { name: track.name })}>
                            ↑
                          </button>
                          <button type="button" className="icon-button" disabled={!hydrated || index === tracks.length - 1} onClick={() => move(index, index + 1)} aria-label={t('Move :name down', { name: track.name })}>
                            ↓
                          </button>
                          <button type="button" className="icon-button" disabled={!hydrated} onClick={() => remove(track)} aria-label={t('Remove :name from this playlist', { name: track.name })}>
                            <Icon name="delete" />
                          </button>
                        </td>
                      )}
                    </tr>
                  )}
                </SortableRow>
              );
            })}
          </tbody>
        </SortableList>
      </table>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
      {hasMore && (
        <div className="actions">
          <button type="button" className="button" onClick={loadMore} disabled={!hydrated}>
            {t('Load more')}
          </button>
        </div>
      )}
    </>
  );
}

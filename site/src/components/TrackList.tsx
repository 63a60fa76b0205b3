import './TrackList.css';
import { Provider } from 'jotai';
import { formatDuration } from '@app/shared/format/duration';
import { translator, type Lines } from '../lib/i18n.ts';
import { warmUpStream } from '../lib/stream-warmup.ts';
import { useAtomAfterHydration, useHydrated } from '../lib/use-hydrated.ts';
import { currentTrackAtom, isPlayingAtom, playQueue, togglePlayback, type QueueTrack } from '../stores/player.atoms.ts';
import { appStore } from '../stores/store.ts';
import Icon from './Icon.tsx';
import TrackMenu from './TrackMenu.tsx';
import ArtistLinks from './ArtistLinks.tsx';

interface Props {
  tracks: QueueTrack[];
  lines: Lines;
  /** Album pages show track numbers; lists show covers and the album. */
  variant: 'album' | 'list';
  /** Accessible name of the table, for example the album's name. */
  label: string;
  showPlayAll?: boolean;
}

/** A track table whose rows start the queue at that track; rendered on the server, hydrated for playing. */
export default function TrackList(props: Props) {
  return (
    <Provider store={appStore}>
      <Tracks {...props} />
    </Provider>
  );
}

function Tracks({ tracks, lines, variant, label, showPlayAll }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const current = useAtomAfterHydration(currentTrackAtom, null, hydrated);
  const playing = useAtomAfterHydration(isPlayingAtom, false, hydrated);
  const listIsPlaying = playing && tracks.some((track) => track.id === current?.id);

  const playAt = (index: number) => {
    if (current?.id === tracks[index].id) togglePlayback();
    else playQueue(tracks, index);
  };

  return (
    <>
      {showPlayAll && tracks.length > 0 && (
        <div className="actions">
          <button
            type="button"
            className="button primary"
            disabled={!hydrated}
            onClick={() => (tracks.some((track) => track.id === current?.id) ? togglePlayback() : playQueue(tracks, 0))}
          >
            <Icon name={listIsPlaying ? 'pause' : 'play'} />
            {listIsPlaying ? t('Pause') : t('Play')}
          </button>
        </div>
      )}
      <table className="track-table" aria-label={label}>
        <thead>
          <tr>
            <th className="col-number" scope="col">#</th>
            <th scope="col">{t('Title')}</th>
            {variant === 'list' && <th className="col-album" scope="col">{t('Album')}</th>}
            <th className="col-duration" scope="col">
              <span className="visually-hidden">{t('Duration')}</span>
            </th>
            <th className="col-menu" scope="col">
              <span className="visually-hidden">{t('Options')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tracks.map((track, index) => {
            const active = current?.id === track.id;
            const rowPlaying = active && playing;
            return (
              <tr key={track.id} className={`track-row${active ? ' active' : ''}`} onDoubleClick={() => playAt(index)} data-track-id={track.id}>
                <td className="col-number">
                  <button
                    type="button"
                    className="icon-button row-play"
                    disabled={!hydrated}
                    onClick={() => playAt(index)}
                    // The row the listener is about to press starts loading on the way there.
                    onPointerEnter={() => warmUpStream(track.stream_url)}
                    onFocus={() => warmUpStream(track.stream_url)}
                    aria-label={rowPlaying ? t('Pause :name', { name: track.name }) : t('Play :name', { name: track.name })}
                  >
                    {rowPlaying || active ? <Icon name={rowPlaying ? 'pause' : 'play'} /> : <span className="row-number">{index + 1}</span>}
                  </button>
                </td>
                <td>
                  <TrackTitle track={track} withCover={variant === 'list'} />
                </td>
                {variant === 'list' && <td className="col-album">{track.album && <a href={track.album.url}>{track.album.name}</a>}</td>}
                <td className="col-duration">{formatDuration(track.duration)}</td>
                <td className="col-menu">
                  <TrackMenu track={track} lines={lines} disabled={!hydrated} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/** A track row's title cell content: the cover (optional), the name and the artists' links. */
export function TrackTitle({ track, withCover }: { track: Pick<QueueTrack, 'name' | 'image' | 'artists'>; withCover: boolean }) {
  return (
    <div className="track-with-cover">
      {withCover && track.image && <img src={track.image} alt="" width={40} height={40} loading="lazy" />}
      <div>
        <div className="track-name">{track.name}</div>
        <div className="track-artists">
          <ArtistLinks artists={track.artists} />
        </div>
      </div>
    </div>
  );
}

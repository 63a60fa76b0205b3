import './Player.css';
import './player-error.css';
// The queue and now playing load when first opened; their styles come with the player's, so that
// they are among the page's styles from the start.
import './player-panel.css';
import './QueuePanel.css';
import '../SortableList.css';
import './NowPlaying.css';
import { Provider, useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { translator, type Lines } from '../../lib/i18n.ts';
import { isPlayingAtom } from '../../stores/player.atoms.ts';
import { appStore } from '../../stores/store.ts';
import PlayerControls from './PlayerControls.tsx';
import PlayerIcon from './PlayerIcon.tsx';
import PlayerTrackActions from './PlayerTrackActions.tsx';
import RadioFeeder from './RadioFeeder.tsx';
import SeekBar from './SeekBar.tsx';
import { useAudioPlayback } from './use-audio-playback.ts';
import { useMediaSession } from './use-media-session.ts';
import { usePlayerPanels } from './use-player-panels.ts';
import { usePlayerShortcuts } from './use-player-shortcuts.ts';
import { usePreloadNext } from './use-preload-next.ts';
import { useVolume } from './use-volume.ts';
import VolumeControl from './VolumeControl.tsx';

// The queue (and the drag and drop library it sorts with) and the now-playing view (with its
// lyrics) load when first opened, not with every page.
const QueuePanel = lazy(() => import('./QueuePanel.tsx'));
const NowPlaying = lazy(() => import('./NowPlaying.tsx'));

/**
 * The one player of the site, owning the only `<audio>` element. The layout renders it once with
 * `transition:persist`, so it survives every client-side navigation and the music never stops;
 * other islands change what plays through the atoms of `stores/player.atoms.ts`.
 * `defaultVolume` (0-1) is the site's setting, used until the listener picks their own.
 */
export default function Player({ lines, defaultVolume = 0.8 }: { lines: Lines; defaultVolume?: number }) {
  return (
    <Provider store={appStore}>
      <PlayerBar lines={lines} defaultVolume={defaultVolume} />
    </Provider>
  );
}

function PlayerBar({ lines, defaultVolume }: { lines: Lines; defaultVolume: number }) {
  const t = translator(lines);
  const playback = useAudioPlayback(t);
  const { track, audioRef, position, duration, buffered, error, seekTo, currentTime } = playback;
  const volume = useVolume(audioRef, defaultVolume);
  const isPlaying = useAtomValue(isPlayingAtom);
  const panels = usePlayerPanels();
  usePreloadNext({ position, duration, buffered });
  useMediaSession(track, isPlaying, playback);
  usePlayerShortcuts({ seekBy: (seconds) => seekTo(currentTime() + seconds), toggleMute: volume.toggleMute });

  const hasTrack = Boolean(track);
  const controls = <PlayerControls t={t} hasTrack={hasTrack} next={playback.next} previous={playback.previous} />;
  const seekBar = <SeekBar position={position} duration={duration} buffered={buffered} disabled={!hasTrack} onSeek={seekTo} lines={lines} />;

  return (
    <>
      <RadioFeeder />
      <section className="player-bar" aria-label={t('Player')} data-testid="player">
        <audio {...playback.audioProps} />
        {duration > 0 && <div className="mobile-progress" style={{ transform: `scaleX(${Math.min(1, position / duration)})` }} />}
        <div className="player-track">
          <button
            ref={panels.nowPlayingToggleRef}
            type="button"
            className="player-cover"
            onClick={() => panels.toggle('now-playing')}
            disabled={!hasTrack}
            aria-expanded={panels.panel === 'now-playing'}
            aria-controls="now-playing"
            aria-label={t('Now playing')}
            title={t('Now playing')}
          >
            {track?.image ? <img src={track.image} alt="" width={52} height={52} /> : <span className="placeholder" />}
          </button>
          <div className="names">
            {track ? (
              <>
                <div className="name" data-testid="player-track-name">
                  {track.album ? <a href={track.album.url}>{track.name}</a> : track.name}
                </div>
                <div className="artists">{track.artists.map((a) => a.name).join(', ')}</div>
              </>
            ) : (
              <div className="artists">{t('Pick something to play')}</div>
            )}
            {error && (
              <div className="player-error" role="alert">
                {error}{' '}
                <button type="button" className="button" style={{ minHeight: 24, padding: '0 8px' }} onClick={playback.retry}>
                  {t('Retry')}
                </button>
              </div>
            )}
          </div>
          {/* An error and its retry need the room more than like and add do. */}
          {track && !error && <PlayerTrackActions track={track} lines={lines} placement="bar" />}
        </div>
        <div className="player-center">
          {controls}
          {seekBar}
        </div>
        <div className="player-right">
          <button
            ref={panels.queueToggleRef}
            type="button"
            className={`icon-button queue-toggle toggle${panels.panel === 'queue' ? ' on' : ''}`}
            onClick={() => panels.toggle('queue')}
            aria-expanded={panels.panel === 'queue'}
            aria-controls="player-queue"
            aria-label={t('Queue')}
            title={t('Queue')}
          >
            <PlayerIcon name="queue" />
          </button>
          <VolumeControl t={t} {...volume} />
        </div>
      </section>
      {panels.panel === 'queue' && (
        <Suspense>
          <QueuePanel lines={lines} onClose={panels.close} />
        </Suspense>
      )}
      {panels.panel === 'now-playing' && track && (
        <Suspense>
          <NowPlaying track={track} position={position} lines={lines} onClose={panels.close} controls={controls} seekBar={seekBar} />
        </Suspense>
      )}
    </>
  );
}

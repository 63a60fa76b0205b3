import { Provider, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { listenedTo, markCounted, reachedThreshold, seeked, startListening, type Listening } from '../../lib/play-count.ts';
import { parsePlayer, parsePosition, serializePlayer, serializePosition } from '../../lib/player-storage.ts';
import { indexAfterEnd, nextIndex, previousIndex, reserveQueueIds } from '../../lib/queue.ts';
import {
  currentTrackAtom,
  cycleRepeat,
  isPlayingAtom,
  playQueueIndex,
  playRequestAtom,
  positionAtom,
  queueStateAtom,
  repeatAtom,
  setShuffle,
  shuffleAtom,
  wantsPlayAtom,
} from '../../stores/player.atoms.ts';
import { appStore } from '../../stores/store.ts';
import Icon from '../Icon.tsx';
import NowPlaying from './NowPlaying.tsx';
import PlayerIcon from './PlayerIcon.tsx';
import PlayerTrackActions from './PlayerTrackActions.tsx';
import QueuePanel from './QueuePanel.tsx';
import RadioFeeder from './RadioFeeder.tsx';
import SeekBar from './SeekBar.tsx';

const VOLUME_KEY = 'player.volume';
const MUTED_KEY = 'player.muted';
const QUEUE_KEY = 'player.queue';
const POSITION_KEY = 'player.position';
/** A track that has not progressed for this long while meant to play is reported as stalled. */
const STALL_TIMEOUT_MS = 30_000;
/** The position is written this often while playing (and on pause and when leaving the page). */
const POSITION_SAVE_MS = 1000;
/** The next track starts loading this long before the current one ends, or once it is fully buffered. */
const PRELOAD_LEAD_SECONDS = 30;

export type PlayerPanel = 'queue' | 'now-playing' | null;

/** `defaultVolume` (0-1) is the site's setting, used until the listener picks their own. */
export default function Player({ lines, defaultVolume = 0.8 }: { lines: Lines; defaultVolume?: number }) {
  return (
    <Provider store={appStore}>
      <PlayerBar lines={lines} defaultVolume={defaultVolume} />
    </Provider>
  );
}

function storageSet(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the player still works, it just forgets on reload.
  }
}

/** End of the buffered range that holds the playing position, in seconds. */
function bufferedAhead(audio: HTMLAudioElement): number {
  const { buffered, currentTime } = audio;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime + 0.5 && buffered.end(i) >= currentTime) return buffered.end(i);
  }
  return 0;
}

function PlayerBar({ lines, defaultVolume }: { lines: Lines; defaultVolume: number }) {
  const t = translator(lines);
  const audioRef = useRef<HTMLAudioElement>(null);
  const queueState = useAtomValue(queueStateAtom);
  const shuffle = useAtomValue(shuffleAtom);
  const repeat = useAtomValue(repeatAtom);
  const [wantsPlay, setWantsPlay] = useAtom(wantsPlayAtom);
  const setIsPlaying = useSetAtom(isPlayingAtom);
  const isPlaying = useAtomValue(isPlayingAtom);
  const playRequest = useAtomValue(playRequestAtom);
  const track = useAtomValue(currentTrackAtom);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [buffered, setBuffered] = useState(0);
  const [volume, setVolume] = useState(defaultVolume);
  const [muted, setMuted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [panel, setPanel] = useState<PlayerPanel>(null);
  const [restored, setRestored] = useState(false);
  /** Where to put the audio of this queue entry once its metadata is known (after a reload or a retry). */
  const restoreAtRef = useRef<{ queueId: number; seconds: number } | null>(null);
  const listeningRef = useRef<Listening>(startListening());
  const lastPositionSaveRef = useRef(0);
  const preloaderRef = useRef<HTMLAudioElement | null>(null);
  const queueToggleRef = useRef<HTMLButtonElement>(null);
  const nowPlayingToggleRef = useRef<HTMLButtonElement>(null);

  // After a reload: the queue, the track and the position come back, paused. Done after
  // hydration, so the server-rendered markup and the first client render agree.
  useEffect(() => {
    const savedVolume = Number(localStorage.getItem(VOLUME_KEY));
    if (localStorage.getItem(VOLUME_KEY) !== null && savedVolume >= 0 && savedVolume <= 1) setVolume(savedVolume);
    setMuted(localStorage.getItem(MUTED_KEY) === '1');
    const saved = parsePlayer(localStorage.getItem(QUEUE_KEY));
    // A track started before this ran (an early click) wins over the saved queue.
    if (saved && !appStore.get(queueStateAtom).items.length) {
      appStore.set(shuffleAtom, saved.shuffle && saved.queue.original !== null);
      appStore.set(repeatAtom, saved.repeat);
      if (saved.queue.items.length) {
        reserveQueueIds(saved.queue.items);
        const current = saved.queue.items[saved.queue.index];
        const savedPosition = parsePosition(localStorage.getItem(POSITION_KEY));
        if (savedPosition && savedPosition.queueId === current.queueId) restoreAtRef.current = savedPosition;
        appStore.set(wantsPlayAtom, false);
        appStore.set(queueStateAtom, saved.queue);
      }
    }
    setRestored(true);
  }, []);

  useEffect(() => {
    if (restored) storageSet(QUEUE_KEY, serializePlayer({ queue: queueState, shuffle, repeat }));
  }, [restored, queueState, shuffle, repeat]);

  const savePosition = useCallback(() => {
    const audio = audioRef.current;
    const current = appStore.get(currentTrackAtom);
    if (!audio || !current || restoreAtRef.current !== null) return;
    lastPositionSaveRef.current = Date.now();
    storageSet(POSITION_KEY, serializePosition({ queueId: current.queueId, seconds: Math.round(audio.currentTime * 10) / 10 }));
  }, []);

  useEffect(() => {
    window.addEventListener('pagehide', savePosition);
    return () => window.removeEventListener('pagehide', savePosition);
  }, [savePosition]);

  useEffect(() => {
    if (!restored) return;
    storageSet(VOLUME_KEY, String(volume));
    storageSet(MUTED_KEY, muted ? '1' : '0');
  }, [restored, volume, muted]);
  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume;
  }, [volume]);
  useEffect(() => {
    if (audioRef.current) audioRef.current.muted = muted;
  }, [muted]);

  const startPlayback = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.play().catch((reason: unknown) => {
      // The browser refused to start without a gesture, or the source failed; both need the listener.
      if ((reason as DOMException)?.name === 'NotAllowedError') setWantsPlay(false);
    });
  }, [setWantsPlay]);

  // A new queue entry (or "play" pressed again on the same one) loads its audio from the start.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the queue entry and play requests only: other changes must not reload the audio
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    listeningRef.current = startListening();
    setError(null);
    setBuffered(0);
    if (!track) {
      audio.removeAttribute('src');
      audio.load();
      setPosition(0);
      setDuration(0);
      return;
    }
    if (restoreAtRef.current?.queueId !== track.queueId) restoreAtRef.current = null;
    setPosition(restoreAtRef.current?.seconds ?? 0);
    setDuration(track.duration ? track.duration / 1000 : 0);
    if (!track.stream_url) {
      setError(t('This track has no audio.'));
      return;
    }
    audio.src = track.stream_url;
    audio.load();
    if (appStore.get(wantsPlayAtom)) startPlayback();
  }, [track?.queueId, playRequest]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !track) return;
    if (wantsPlay && audio.paused) startPlayback();
    if (!wantsPlay && !audio.paused) audio.pause();
  }, [wantsPlay, track, startPlayback]);

  const next = useCallback(() => {
    const target = nextIndex(appStore.get(queueStateAtom), appStore.get(repeatAtom));
    if (target !== null) playQueueIndex(target);
  }, []);

  const previous = useCallback(() => {
    const audio = audioRef.current;
    const target = previousIndex(appStore.get(queueStateAtom), appStore.get(repeatAtom));
    // Like every player: past the first seconds, "previous" restarts the current track.
    if (audio && (audio.currentTime > 3 || target === null)) {
      audio.currentTime = 0;
      return;
    }
    if (target !== null) playQueueIndex(target);
  }, []);

  const seekTo = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    const end = Number.isFinite(audio.duration) ? audio.duration : seconds;
    audio.currentTime = Math.max(0, Math.min(seconds, end));
    setPosition(audio.currentTime);
  }, []);

  const onEnded = () => {
    const state = appStore.get(queueStateAtom);
    const target = indexAfterEnd(state, appStore.get(repeatAtom));
    if (target === null) {
      setWantsPlay(false);
    } else if (target === state.index) {
      // Repeat one (or a one-track queue on repeat all): a new playback of the same audio.
      const audio = audioRef.current;
      listeningRef.current = startListening();
      if (audio) audio.currentTime = 0;
      startPlayback();
    } else {
      playQueueIndex(target);
    }
  };

  const onTimeUpdate = (audio: HTMLAudioElement) => {
    // Until a restored position is applied, the element reports 0: neither shown nor saved.
    if (restoreAtRef.current !== null) return;
    setPosition(audio.currentTime);
    setBuffered(bufferedAhead(audio));
    if (!audio.paused && !audio.seeking && track) {
      listeningRef.current = listenedTo(listeningRef.current, audio.currentTime, audio.playbackRate);
      const length = Number.isFinite(audio.duration) ? audio.duration : (track.duration ?? 0) / 1000;
      if (reachedThreshold(listeningRef.current, length)) {
        listeningRef.current = markCounted(listeningRef.current);
        // Counting is best effort: a failure must not disturb listening.
        apiRequest(`tracks/${track.id}/plays`, { method: 'POST' }).catch(() => undefined);
      }
    }
    if (Date.now() - lastPositionSaveRef.current >= POSITION_SAVE_MS) savePosition();
  };

  // The next track is fetched ahead by a second, detached, muted element that is never played.
  // Chromium shares the downloaded media data between elements loading the same address, and
  // other browsers keep it in their HTTP cache (the stream answers with a private max-age), so
  // when the one visible <audio> switches to that address it starts at once. Fetching the first
  // bytes alone would only save the connection; <link rel=preload> does not cover media. It
  // waits until the current track is buffered or nearly over, so the two never compete.
  const upcomingIndex = indexAfterEnd(queueState, repeat);
  const upcoming = upcomingIndex === null || upcomingIndex === queueState.index ? null : queueState.items[upcomingIndex];
  const nearEnd = duration > 0 && (duration - position <= PRELOAD_LEAD_SECONDS || buffered >= duration - 0.5);
  const preloadUrl = isPlaying && nearEnd ? (upcoming?.stream_url ?? null) : null;
  useEffect(() => {
    if (!preloadUrl) return;
    const preloader = (preloaderRef.current ??= new Audio());
    if (preloader.getAttribute('src') === preloadUrl) return;
    preloader.muted = true;
    preloader.preload = 'auto';
    preloader.src = preloadUrl;
    preloader.load();
  }, [preloadUrl]);

  // A play that stops progressing for 30 s is reported with a retry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one watch per queue entry while playing is wanted; t is rebuilt each render from the same lines
  useEffect(() => {
    if (!wantsPlay || !track) return;
    let lastTime = audioRef.current?.currentTime ?? 0;
    let lastChange = Date.now();
    const timer = setInterval(() => {
      const audio = audioRef.current;
      if (!audio || audio.paused) {
        lastChange = Date.now();
        return;
      }
      if (audio.currentTime !== lastTime) {
        lastTime = audio.currentTime;
        lastChange = Date.now();
      } else if (Date.now() - lastChange > STALL_TIMEOUT_MS) {
        setError(t('Playback stalled. Check your connection and retry.'));
        audio.pause();
        setWantsPlay(false);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [wantsPlay, track?.queueId]);

  // System media keys and the lock screen.
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    if (!track) {
      navigator.mediaSession.metadata = null;
      return;
    }
    navigator.mediaSession.metadata = new MediaMetadata({
      title: track.name,
      artist: track.artists.map((a) => a.name).join(', '),
      album: track.album?.name ?? '',
      artwork: track.image ? [{ src: new URL(track.image, location.href).href, sizes: '512x512' }] : [],
    });
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ['play', () => setWantsPlay(true)],
      ['pause', () => setWantsPlay(false)],
      ['stop', () => setWantsPlay(false)],
      ['nexttrack', next],
      ['previoustrack', previous],
      ['seekbackward', (details) => seekTo((audioRef.current?.currentTime ?? 0) - (details.seekOffset ?? 10))],
      ['seekforward', (details) => seekTo((audioRef.current?.currentTime ?? 0) + (details.seekOffset ?? 10))],
      ['seekto', (details) => details.seekTime !== undefined && seekTo(details.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // Older browsers lack some actions.
      }
    }
  }, [track, next, previous, seekTo, setWantsPlay]);

  useEffect(() => {
    if ('mediaSession' in navigator) navigator.mediaSession.playbackState = track ? (isPlaying ? 'playing' : 'paused') : 'none';
  }, [isPlaying, track]);

  const updatePositionState = (audio: HTMLAudioElement) => {
    if (!('mediaSession' in navigator) || !navigator.mediaSession.setPositionState || !Number.isFinite(audio.duration)) return;
    try {
      navigator.mediaSession.setPositionState({ duration: audio.duration, position: Math.min(audio.currentTime, audio.duration), playbackRate: audio.playbackRate || 1 });
    } catch {
      // A position past a duration that just changed; the next event corrects it.
    }
  };

  // Space plays or pauses, M mutes, arrows seek, unless the listener is typing or on a control.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || target.closest('input, textarea, select, button, a, [contenteditable="true"], [role="menu"]')) return;
      if (event.code === 'Space' && appStore.get(currentTrackAtom)) {
        event.preventDefault();
        setWantsPlay(!appStore.get(wantsPlayAtom));
      } else if (event.key === 'm' || event.key === 'M') {
        setMuted((m) => !m);
      } else if (event.key === 'ArrowRight' && audioRef.current) {
        event.preventDefault();
        seekTo(audioRef.current.currentTime + 10);
      } else if (event.key === 'ArrowLeft' && audioRef.current) {
        event.preventDefault();
        seekTo(audioRef.current.currentTime - 10);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [seekTo, setWantsPlay]);

  const retry = () => {
    const audio = audioRef.current;
    if (!audio || !track?.stream_url) return;
    const resumeAt = audio.currentTime;
    setError(null);
    restoreAtRef.current = resumeAt ? { queueId: track.queueId, seconds: resumeAt } : null;
    audio.src = track.stream_url;
    audio.load();
    setWantsPlay(true);
    startPlayback();
  };

  const panelRef = useRef(panel);
  panelRef.current = panel;
  const closePanel = useCallback((returnFocus: boolean) => {
    const open = panelRef.current;
    setPanel(null);
    if (returnFocus) (open === 'queue' ? queueToggleRef : nowPlayingToggleRef).current?.focus();
  }, []);

  // Escape closes the open panel wherever focus is, unless something inside (a menu) used it.
  useEffect(() => {
    if (!panel) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) closePanel(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [panel, closePanel]);

  // Now playing covers the page: what is behind it leaves the tab order and the accessibility
  // tree while it is open, and following a link from it (an artist, the album) closes it.
  useEffect(() => {
    if (panel !== 'now-playing') return;
    const shell = document.querySelector('.app-shell');
    shell?.setAttribute('inert', '');
    const onSwap = () => setPanel((open) => (open === 'now-playing' ? null : open));
    document.addEventListener('astro:after-swap', onSwap);
    return () => {
      document.querySelector('.app-shell')?.removeAttribute('inert');
      document.removeEventListener('astro:after-swap', onSwap);
    };
  }, [panel]);

  const togglePanel = (which: Exclude<PlayerPanel, null>) => setPanel((open) => (open === which ? null : which));

  const artists = track?.artists.map((a) => a.name).join(', ') ?? '';
  const hasTrack = Boolean(track);
  const canGoNext = nextIndex(queueState, repeat) !== null;
  const repeatLabel = repeat === 'one' ? t('Repeat: one') : repeat === 'all' ? t('Repeat: all') : t('Repeat: off');

  const controls = (
    <div className="player-controls">
      <button
        type="button"
        className={`icon-button secondary toggle${shuffle ? ' on' : ''}`}
        onClick={() => setShuffle(!shuffle)}
        aria-pressed={shuffle}
        aria-label={t('Shuffle')}
        title={t('Shuffle')}
      >
        <PlayerIcon name="shuffle" />
      </button>
      <button type="button" className="icon-button secondary" onClick={previous} disabled={!hasTrack} aria-label={t('Previous')}>
        <Icon name="previous" />
      </button>
      <button
        type="button"
        className="icon-button play"
        onClick={() => setWantsPlay(!wantsPlay)}
        disabled={!hasTrack}
        aria-label={isPlaying ? t('Pause') : t('Play')}
        data-testid="player-toggle"
      >
        <Icon name={isPlaying ? 'pause' : 'play'} />
      </button>
      <button type="button" className="icon-button" onClick={next} disabled={!hasTrack || !canGoNext} aria-label={t('Next')}>
        <Icon name="next" />
      </button>
      <button
        type="button"
        className={`icon-button secondary toggle${repeat !== 'off' ? ' on' : ''}`}
        onClick={cycleRepeat}
        aria-pressed={repeat !== 'off'}
        aria-label={repeatLabel}
        title={repeatLabel}
      >
        <PlayerIcon name={repeat === 'one' ? 'repeatOne' : 'repeat'} />
      </button>
    </div>
  );

  const seekBar = <SeekBar position={position} duration={duration} buffered={buffered} disabled={!hasTrack} onSeek={seekTo} lines={lines} />;

  // Other islands (the /lyrics page) follow the position without touching the audio.
  useEffect(() => {
    appStore.set(positionAtom, position);
  }, [position]);

  return (
    <>
      <RadioFeeder />
      <section className="player-bar" aria-label={t('Player')} data-testid="player">
        <audio
          ref={audioRef}
          preload="metadata"
          onPlay={() => setIsPlaying(true)}
          onPause={() => {
            setIsPlaying(false);
            savePosition();
          }}
          onTimeUpdate={(e) => onTimeUpdate(e.currentTarget)}
          onProgress={(e) => setBuffered(bufferedAhead(e.currentTarget))}
          onSeeking={() => {
            listeningRef.current = seeked(listeningRef.current);
          }}
          onSeeked={(e) => updatePositionState(e.currentTarget)}
          onLoadedMetadata={(e) => {
            const audio = e.currentTarget;
            if (restoreAtRef.current !== null) {
              const at = restoreAtRef.current.seconds;
              restoreAtRef.current = null;
              if (Number.isFinite(audio.duration)) audio.currentTime = Math.min(at, Math.max(0, audio.duration - 1));
              setPosition(audio.currentTime);
            }
            updatePositionState(audio);
          }}
          onDurationChange={(e) => Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)}
          onEnded={onEnded}
          onError={() => {
            if (!appStore.get(currentTrackAtom)?.stream_url) return;
            setError(t('This track could not be played.'));
            setWantsPlay(false);
          }}
        />
        {duration > 0 && <div className="mobile-progress" style={{ transform: `scaleX(${Math.min(1, position / duration)})` }} />}
        <div className="player-track">
          <button
            ref={nowPlayingToggleRef}
            type="button"
            className="player-cover"
            onClick={() => togglePanel('now-playing')}
            disabled={!hasTrack}
            aria-expanded={panel === 'now-playing'}
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
                <div className="artists">{artists}</div>
              </>
            ) : (
              <div className="artists">{t('Pick something to play')}</div>
            )}
            {error && (
              <div className="player-error" role="alert">
                {error}{' '}
                <button type="button" className="button" style={{ minHeight: 24, padding: '0 8px' }} onClick={retry}>
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
            ref={queueToggleRef}
            type="button"
            className={`icon-button queue-toggle toggle${panel === 'queue' ? ' on' : ''}`}
            onClick={() => togglePanel('queue')}
            aria-expanded={panel === 'queue'}
            aria-controls="player-queue"
            aria-label={t('Queue')}
            title={t('Queue')}
          >
            <PlayerIcon name="queue" />
          </button>
          <button type="button" className="icon-button volume-control" onClick={() => setMuted(!muted)} aria-label={muted ? t('Unmute') : t('Mute')} aria-pressed={muted}>
            <Icon name={muted || volume === 0 ? 'mute' : 'volume'} />
          </button>
          <input
            className="volume-control"
            type="range"
            min={0}
            max={1}
            step={0.01}
            value={muted ? 0 : volume}
            aria-label={t('Volume')}
            onChange={(e) => {
              setVolume(Number(e.currentTarget.value));
              setMuted(false);
            }}
          />
        </div>
      </section>
      {panel === 'queue' && <QueuePanel lines={lines} onClose={closePanel} />}
      {panel === 'now-playing' && track && (
        <NowPlaying track={track} position={position} lines={lines} onClose={closePanel} controls={controls} seekBar={seekBar} />
      )}
    </>
  );
}

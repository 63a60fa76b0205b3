import { Provider, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDuration } from '../../lib/format.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { currentTrackAtom, isPlayingAtom, playRequestAtom, queueAtom, queueIndexAtom, wantsPlayAtom } from '../../stores/player.atoms.ts';
import { appStore } from '../../stores/store.ts';
import Icon from '../Icon.tsx';

const VOLUME_KEY = 'player.volume';
/** A track that has not progressed for this long while meant to play is reported as stalled. */
const STALL_TIMEOUT_MS = 30_000;

export default function Player({ lines }: { lines: Lines }) {
  return (
    <Provider store={appStore}>
      <PlayerBar lines={lines} />
    </Provider>
  );
}

function PlayerBar({ lines }: { lines: Lines }) {
  const t = translator(lines);
  const audioRef = useRef<HTMLAudioElement>(null);
  const queue = useAtomValue(queueAtom);
  const [index, setIndex] = useAtom(queueIndexAtom);
  const [wantsPlay, setWantsPlay] = useAtom(wantsPlayAtom);
  const setIsPlaying = useSetAtom(isPlayingAtom);
  const isPlaying = useAtomValue(isPlayingAtom);
  const playRequest = useAtomValue(playRequestAtom);
  const track = useAtomValue(currentTrackAtom);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(0.8);
  const [muted, setMuted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [seeking, setSeeking] = useState<number | null>(null);

  // Volume is remembered per browser.
  useEffect(() => {
    const saved = Number(localStorage.getItem(VOLUME_KEY));
    if (localStorage.getItem(VOLUME_KEY) !== null && saved >= 0 && saved <= 1) setVolume(saved);
  }, []);
  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume;
    localStorage.setItem(VOLUME_KEY, String(volume));
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

  // A new track (or "play" pressed again on the same one) loads its audio from the start.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !track) return;
    setError(null);
    setPosition(0);
    setDuration(track.duration ? track.duration / 1000 : 0);
    if (!track.stream_url) {
      setError(t('This track has no audio.'));
      return;
    }
    audio.src = track.stream_url;
    audio.load();
    if (appStore.get(wantsPlayAtom)) startPlayback();
    // Keyed on the track id and play requests only: other changes must not reload the audio.
  }, [track?.id, playRequest]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !track) return;
    if (wantsPlay && audio.paused) startPlayback();
    if (!wantsPlay && !audio.paused) audio.pause();
  }, [wantsPlay, track, startPlayback]);

  const next = useCallback(() => {
    if (index < queue.length - 1) {
      setIndex(index + 1);
      setWantsPlay(true);
    }
  }, [index, queue.length, setIndex, setWantsPlay]);

  const previous = useCallback(() => {
    const audio = audioRef.current;
    // Like every player: past the first seconds, "previous" restarts the current track.
    if (audio && audio.currentTime > 3) {
      audio.currentTime = 0;
      return;
    }
    if (index > 0) setIndex(index - 1);
  }, [index, setIndex]);

  // A play that stops progressing for 30 s is reported with a retry.
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
  }, [wantsPlay, track?.id]);

  // System media keys and the lock screen.
  useEffect(() => {
    if (!('mediaSession' in navigator) || !track) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: track.name,
      artist: track.artists.map((a) => a.name).join(', '),
      album: track.album?.name ?? '',
      artwork: track.image ? [{ src: new URL(track.image, location.href).href, sizes: '500x500' }] : [],
    });
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => setWantsPlay(true)],
      ['pause', () => setWantsPlay(false)],
      ['nexttrack', next],
      ['previoustrack', previous],
      ['seekto', (details) => {
        if (audioRef.current && details.seekTime !== undefined) audioRef.current.currentTime = details.seekTime;
      }],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // Older browsers lack some actions.
      }
    }
  }, [track, next, previous, setWantsPlay]);

  // Space plays or pauses, M mutes, arrows seek, unless the listener is typing or on a control.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || target.closest('input, textarea, select, button, a, [contenteditable="true"]')) return;
      const audio = audioRef.current;
      if (event.code === 'Space' && track) {
        event.preventDefault();
        setWantsPlay(!appStore.get(wantsPlayAtom));
      } else if (event.key === 'm' || event.key === 'M') {
        setMuted((m) => !m);
      } else if (audio && event.key === 'ArrowRight') {
        audio.currentTime = Math.min(audio.duration || 0, audio.currentTime + 10);
      } else if (audio && event.key === 'ArrowLeft') {
        audio.currentTime = Math.max(0, audio.currentTime - 10);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [track, setWantsPlay]);

  const retry = () => {
    const audio = audioRef.current;
    if (!audio || !track?.stream_url) return;
    const resumeAt = audio.currentTime;
    setError(null);
    audio.src = track.stream_url;
    audio.load();
    audio.currentTime = resumeAt;
    setWantsPlay(true);
    startPlayback();
  };

  const shownPosition = seeking ?? position;
  const artists = track?.artists.map((a) => a.name).join(', ') ?? '';

  return (
    <section className="player-bar" aria-label={t('Player')} data-testid="player">
      <audio
        ref={audioRef}
        preload="metadata"
        onPlay={() => setIsPlaying(true)}
        onPause={() => setIsPlaying(false)}
        onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
        onDurationChange={(e) => Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)}
        onEnded={() => {
          if (index < queue.length - 1) next();
          else setWantsPlay(false);
        }}
        onError={() => {
          if (!track) return;
          setError(t('This track could not be played.'));
          setWantsPlay(false);
        }}
      />
      {duration > 0 && <div className="mobile-progress" style={{ transform: `scaleX(${Math.min(1, shownPosition / duration)})` }} />}
      <div className="player-track">
        {track?.image ? <img src={track.image} alt="" width={52} height={52} /> : <div className="placeholder" />}
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
      </div>
      <div className="player-center">
        <div className="player-controls">
          <button type="button" className="icon-button secondary" onClick={previous} disabled={!track} aria-label={t('Previous')}>
            <Icon name="previous" />
          </button>
          <button
            type="button"
            className="icon-button play"
            onClick={() => setWantsPlay(!wantsPlay)}
            disabled={!track}
            aria-label={isPlaying ? t('Pause') : t('Play')}
            data-testid="player-toggle"
          >
            <Icon name={isPlaying ? 'pause' : 'play'} />
          </button>
          <button type="button" className="icon-button" onClick={next} disabled={!track || index >= queue.length - 1} aria-label={t('Next')}>
            <Icon name="next" />
          </button>
        </div>
        <div className="seekbar">
          <span>{formatDuration(shownPosition * 1000)}</span>
          <input
            type="range"
            min={0}
            max={duration || 0}
            step={0.1}
            value={Math.min(shownPosition, duration || 0)}
            disabled={!track || !duration}
            aria-label={t('Seek')}
            aria-valuetext={`${formatDuration(shownPosition * 1000)} / ${formatDuration(duration * 1000)}`}
            onChange={(e) => setSeeking(Number(e.currentTarget.value))}
            onPointerUp={(e) => {
              if (audioRef.current) audioRef.current.currentTime = Number(e.currentTarget.value);
              setSeeking(null);
            }}
            onKeyUp={(e) => {
              if (audioRef.current) audioRef.current.currentTime = Number(e.currentTarget.value);
              setSeeking(null);
            }}
          />
          <span>{formatDuration(duration * 1000)}</span>
        </div>
      </div>
      <div className="player-right">
        <button type="button" className="icon-button" onClick={() => setMuted(!muted)} aria-label={muted ? t('Unmute') : t('Mute')} aria-pressed={muted}>
          <Icon name={muted || volume === 0 ? 'mute' : 'volume'} />
        </button>
        <input
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
  );
}

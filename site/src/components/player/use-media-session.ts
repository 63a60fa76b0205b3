import { useEffect } from 'react';
import type { QueueItem } from '../../stores/player.atoms.ts';

interface Actions {
  setWantsPlay: (play: boolean) => void;
  next: () => void;
  previous: () => void;
  /** Seconds into the track, clamped to it. */
  seekTo: (seconds: number) => void;
  currentTime: () => number;
}

/** System media keys, the lock screen and the headset buttons follow the current track. */
export function useMediaSession(track: QueueItem | null, isPlaying: boolean, { setWantsPlay, next, previous, seekTo, currentTime }: Actions) {
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
      ['seekbackward', (details) => seekTo(currentTime() - (details.seekOffset ?? 10))],
      ['seekforward', (details) => seekTo(currentTime() + (details.seekOffset ?? 10))],
      ['seekto', (details) => details.seekTime !== undefined && seekTo(details.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // Older browsers lack some actions.
      }
    }
  }, [track, setWantsPlay, next, previous, seekTo, currentTime]);

  useEffect(() => {
    if ('mediaSession' in navigator) navigator.mediaSession.playbackState = track ? (isPlaying ? 'playing' : 'paused') : 'none';
  }, [isPlaying, track]);
}

/** Tells the lock screen how long the track is and where it is (after loading and seeking). */
export function reportMediaPosition(audio: HTMLAudioElement) {
  if (!('mediaSession' in navigator) || !navigator.mediaSession.setPositionState || !Number.isFinite(audio.duration)) return;
  try {
    navigator.mediaSession.setPositionState({ duration: audio.duration, position: Math.min(audio.currentTime, audio.duration), playbackRate: audio.playbackRate || 1 });
  } catch {
    // A position past a duration that just changed; the next event corrects it.
  }
}

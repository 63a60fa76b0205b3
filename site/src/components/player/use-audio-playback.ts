import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import type { translator } from '../../lib/i18n.ts';
import type { SavedPosition } from '../../lib/player-storage.ts';
import { indexAfterEnd, nextIndex, previousIndex } from '../../lib/queue.ts';
import { currentTrackAtom, isPlayingAtom, playQueueIndex, playRequestAtom, positionAtom, queueStateAtom, repeatAtom, wantsPlayAtom } from '../../stores/player.atoms.ts';
import { appStore } from '../../stores/store.ts';
import { reportMediaPosition } from './use-media-session.ts';
import { usePlayCounting } from './use-play-counting.ts';
import { useSavedPosition } from './use-saved-position.ts';
import { useStallWatchdog } from './use-stall-watchdog.ts';

/** Past this many seconds, "previous" restarts the current track, like every player. */
const RESTART_AFTER_SECONDS = 3;

/** End of the buffered range that holds the playing position, in seconds. */
export function bufferedAhead(audio: Pick<HTMLMediaElement, 'buffered' | 'currentTime'>): number {
  const { buffered, currentTime } = audio;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime + 0.5 && buffered.end(i) >= currentTime) return buffered.end(i);
  }
  return 0;
}

/**
 * The one `<audio>` element and what it does: it loads the current queue entry, plays and pauses
 * as the listener wants (`wantsPlayAtom`), moves on at the end as repeat says, reports errors and
 * stalls with a retry, counts plays and keeps the position across reloads. Spread `audioProps` on
 * the `<audio>`; the rest is for the controls.
 */
export function useAudioPlayback(t: ReturnType<typeof translator>) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const track = useAtomValue(currentTrackAtom);
  const wantsPlay = useAtomValue(wantsPlayAtom);
  const playRequest = useAtomValue(playRequestAtom);
  const setWantsPlay = useSetAtom(wantsPlayAtom);
  const setIsPlaying = useSetAtom(isPlayingAtom);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [buffered, setBuffered] = useState(0);
  const [error, setError] = useState<string | null>(null);
  /** Where to put the audio of this queue entry once its metadata is known (after a reload or a retry). */
  const pendingSeek = useRef<SavedPosition | null>(null);
  const counting = usePlayCounting();
  const savedPosition = useSavedPosition(audioRef, pendingSeek);

  const startPlayback = useCallback(() => {
    audioRef.current?.play().catch((reason: unknown) => {
      // The browser refused to start without a gesture, or the source failed; both need the listener.
      if ((reason as DOMException)?.name === 'NotAllowedError') setWantsPlay(false);
    });
  }, [setWantsPlay]);

  // A new queue entry (or "play" pressed again on the same one) loads its audio from the start.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the queue entry and play requests only: other changes must not reload the audio
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    counting.restart();
    setError(null);
    setBuffered(0);
    if (!track) {
      audio.removeAttribute('src');
      audio.load();
      setPosition(0);
      setDuration(0);
      return;
    }
    const saved = savedPosition.savedFor(track);
    if (saved) pendingSeek.current = saved;
    if (pendingSeek.current?.queueId !== track.queueId) pendingSeek.current = null;
    setPosition(pendingSeek.current?.seconds ?? 0);
    setDuration(track.duration ? track.duration / 1000 : 0);
    if (!track.stream_url) {
      setError(t('This track has no audio.'));
      return;
    }
    audio.src = track.stream_url;
    audio.load();
    if (appStore.get(wantsPlayAtom)) startPlayback();
    // Keyed on the queue entry and play requests only: other changes must not reload the audio.
  }, [track?.queueId, playRequest]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !track) return;
    if (wantsPlay && audio.paused) startPlayback();
    if (!wantsPlay && !audio.paused) audio.pause();
  }, [wantsPlay, track, startPlayback]);

  // Other islands (the /lyrics page) follow the position without touching the audio.
  useEffect(() => {
    appStore.set(positionAtom, position);
  }, [position]);

  useStallWatchdog(audioRef, wantsPlay && track !== null, track?.queueId, () => {
    setError(t('Playback stalled. Check your connection and retry.'));
    audioRef.current?.pause();
    setWantsPlay(false);
  });

  const next = useCallback(() => {
    const target = nextIndex(appStore.get(queueStateAtom), appStore.get(repeatAtom));
    if (target !== null) playQueueIndex(target);
  }, []);

  const previous = useCallback(() => {
    const audio = audioRef.current;
    const target = previousIndex(appStore.get(queueStateAtom), appStore.get(repeatAtom));
    if (audio && (audio.currentTime > RESTART_AFTER_SECONDS || target === null)) {
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

  const currentTime = useCallback(() => audioRef.current?.currentTime ?? 0, []);

  const retry = () => {
    const audio = audioRef.current;
    if (!audio || !track?.stream_url) return;
    const resumeAt = audio.currentTime;
    setError(null);
    pendingSeek.current = resumeAt ? { queueId: track.queueId, seconds: resumeAt } : null;
    audio.src = track.stream_url;
    audio.load();
    setWantsPlay(true);
    startPlayback();
  };

  const onEnded = () => {
    const state = appStore.get(queueStateAtom);
    const target = indexAfterEnd(state, appStore.get(repeatAtom));
    if (target === null) {
      setWantsPlay(false);
    } else if (target === state.index) {
      // Repeat one (or a one-track queue on repeat all): a new playback of the same audio.
      counting.restart();
      if (audioRef.current) audioRef.current.currentTime = 0;
      startPlayback();
    } else {
      playQueueIndex(target);
    }
  };

  const onTimeUpdate = ({ currentTarget: audio }: SyntheticEvent<HTMLAudioElement>) => {
    // Until a pending position is applied, the element reports 0: neither shown nor saved.
    if (pendingSeek.current !== null) return;
    setPosition(audio.currentTime);
    setBuffered(bufferedAhead(audio));
    if (track) counting.progressed(audio, track);
    savedPosition.saveNowAndThen();
  };

  const onLoadedMetadata = ({ currentTarget: audio }: SyntheticEvent<HTMLAudioElement>) => {
    if (pendingSeek.current !== null) {
      const at = pendingSeek.current.seconds;
      pendingSeek.current = null;
      if (Number.isFinite(audio.duration)) audio.currentTime = Math.min(at, Math.max(0, audio.duration - 1));
      setPosition(audio.currentTime);
    }
    reportMediaPosition(audio);
  };

  const audioProps = {
    ref: audioRef,
    preload: 'metadata' as const,
    onPlay: () => setIsPlaying(true),
    onPause: () => {
      setIsPlaying(false);
      savedPosition.save();
    },
    onTimeUpdate,
    onProgress: ({ currentTarget }: SyntheticEvent<HTMLAudioElement>) => setBuffered(bufferedAhead(currentTarget)),
    onSeeking: () => counting.seeked(),
    onSeeked: ({ currentTarget }: SyntheticEvent<HTMLAudioElement>) => reportMediaPosition(currentTarget),
    onLoadedMetadata,
    onDurationChange: ({ currentTarget }: SyntheticEvent<HTMLAudioElement>) => Number.isFinite(currentTarget.duration) && setDuration(currentTarget.duration),
    onEnded,
    onError: () => {
      if (!appStore.get(currentTrackAtom)?.stream_url) return;
      setError(t('This track could not be played.'));
      setWantsPlay(false);
    },
  };

  return { track, audioRef, audioProps, position, duration, buffered, error, retry, seekTo, currentTime, next, previous, setWantsPlay };
}

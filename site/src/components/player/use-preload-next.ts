import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { indexAfterEnd, type QueueState, type RepeatMode } from '../../lib/queue.ts';
import { isPlayingAtom, queueStateAtom, repeatAtom } from '../../stores/player.atoms.ts';

/** The next track starts loading this long before the current one ends, or once it is fully buffered. */
export const PRELOAD_LEAD_SECONDS = 30;

interface Progress {
  /** Seconds into the current track. */
  position: number;
  duration: number;
  /** End of the buffered range around the position, in seconds. */
  buffered: number;
}

/** The address to fetch ahead, if it is time: while playing, near the end, and another track comes next. */
export function addressToPreload(queue: QueueState, repeat: RepeatMode, isPlaying: boolean, { position, duration, buffered }: Progress): string | null {
  const upcomingIndex = indexAfterEnd(queue, repeat);
  const upcoming = upcomingIndex === null || upcomingIndex === queue.index ? null : queue.items[upcomingIndex];
  const nearEnd = duration > 0 && (duration - position <= PRELOAD_LEAD_SECONDS || buffered >= duration - 0.5);
  return isPlaying && nearEnd ? (upcoming?.stream_url ?? null) : null;
}

/**
 * The next track is fetched ahead by a second, detached, muted element that is never played.
 * Chromium shares the downloaded media data between elements loading the same address, and
 * other browsers keep it in their HTTP cache (the stream answers with a private max-age), so
 * when the one visible <audio> switches to that address it starts at once. Fetching the first
 * bytes alone would only save the connection; <link rel=preload> does not cover media. It
 * waits until the current track is buffered or nearly over, so the two never compete.
 */
export function usePreloadNext(progress: Progress) {
  const preloaderRef = useRef<HTMLAudioElement | null>(null);
  const url = addressToPreload(useAtomValue(queueStateAtom), useAtomValue(repeatAtom), useAtomValue(isPlayingAtom), progress);

  useEffect(() => {
    if (!url) return;
    const preloader = (preloaderRef.current ??= new Audio());
    if (preloader.getAttribute('src') === url) return;
    preloader.muted = true;
    preloader.preload = 'auto';
    preloader.src = url;
    preloader.load();
  }, [url]);
}

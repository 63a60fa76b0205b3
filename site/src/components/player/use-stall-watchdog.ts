import { useEffect, useRef, type RefObject } from 'react';

/** A track that has not progressed for this long while meant to play is reported as stalled. */
export const STALL_TIMEOUT_MS = 30_000;

/**
 * While `watching` (the listener wants this entry to play), calls `onStall` once the audio has
 * been playing without its time moving for 30 s. A pause by the browser or the listener resets
 * the clock. `entry` restarts the watch for every new queue entry.
 */
export function useStallWatchdog(audioRef: RefObject<HTMLAudioElement | null>, watching: boolean, entry: unknown, onStall: () => void) {
  const onStallRef = useRef(onStall);
  onStallRef.current = onStall;

  useEffect(() => {
    if (!watching) return;
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
        onStallRef.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [audioRef, watching, entry]);
}

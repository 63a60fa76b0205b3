import { useMemo, useRef } from 'react';
import { islandApi, ok } from '../../lib/island-api.ts';
import { listenedTo, markCounted, reachedThreshold, seeked, startListening, type Listening } from '../../lib/play-count.ts';
import type { QueueItem } from '../../stores/player.atoms.ts';

/**
 * Counts a play once per playback, when the listener has really heard enough of the track (the
 * rules are in lib/play-count.ts: seeking over a part does not count it as heard).
 */
export function usePlayCounting() {
  const listening = useRef<Listening>(startListening());
  return useMemo(
    () => ({
      /** A new playback starts: another track, or the same one again (repeat one, play pressed anew). */
      restart() {
        listening.current = startListening();
      },
      seeked() {
        listening.current = seeked(listening.current);
      },
      /** The audio advanced (its timeupdate event). */
      progressed(audio: HTMLAudioElement, track: QueueItem) {
        if (audio.paused || audio.seeking) return;
        listening.current = listenedTo(listening.current, audio.currentTime, audio.playbackRate);
        const length = Number.isFinite(audio.duration) ? audio.duration : (track.duration ?? 0) / 1000;
        if (!reachedThreshold(listening.current, length)) return;
        listening.current = markCounted(listening.current);
        // Counting is best effort: a failure must not disturb listening.
        ok(islandApi.tracks[':id'].plays.$post({ param: { id: String(track.id) } })).catch(() => undefined);
      },
    }),
    [],
  );
}

import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import type { SavedPosition } from '../../lib/player-storage.ts';
import { currentTrackAtom, savedPositionAtom, wantsPlayAtom, type QueueItem } from '../../stores/player.atoms.ts';
import { appStore } from '../../stores/store.ts';

/** The position is written this often while playing (and on pause and when leaving the page). */
const POSITION_SAVE_MS = 1000;

/**
 * Where the listener is in the track, kept across reloads: saved while playing, on pause and when
 * the page goes away, and read back once, for the track that the saved queue comes back with.
 * `pendingSeek` holds a position not yet applied to the audio: until it is, there is nothing to save.
 */
export function useSavedPosition(audioRef: RefObject<HTMLAudioElement | null>, pendingSeek: RefObject<SavedPosition | null>) {
  const lastSave = useRef(0);
  const restoreChecked = useRef(false);

  const save = useCallback(() => {
    const audio = audioRef.current;
    const current = appStore.get(currentTrackAtom);
    if (!audio || !current || pendingSeek.current !== null) return;
    lastSave.current = Date.now();
    appStore.set(savedPositionAtom, { queueId: current.queueId, seconds: Math.round(audio.currentTime * 10) / 10 });
  }, [audioRef, pendingSeek]);

  useEffect(() => {
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, [save]);

  return useMemo(
    () => ({
      save,
      /** As the audio advances: saves at most once a second. */
      saveNowAndThen() {
        if (Date.now() - lastSave.current >= POSITION_SAVE_MS) save();
      },
      /**
       * The saved position when `track` is the first one this page loads and it is the saved one
       * coming back (paused). A track the listener started before that starts from the beginning.
       */
      savedFor(track: QueueItem): SavedPosition | null {
        if (restoreChecked.current) return null;
        restoreChecked.current = true;
        const saved = appStore.get(savedPositionAtom);
        return !appStore.get(wantsPlayAtom) && saved?.queueId === track.queueId ? saved : null;
      },
    }),
    [save],
  );
}

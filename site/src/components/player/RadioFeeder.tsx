import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { islandApi, ok } from '../../lib/island-api.ts';
import { toQueueTracks } from '../../lib/tracks.ts';
import { addToQueue, queueStateAtom, radioAtom } from '../../stores/player.atoms.ts';

/** Refill when this few tracks are left, so the next one is always there to preload. */
const REFILL_WHEN_LEFT = 3;
/** The server skips what the queue already holds, up to this many of the latest tracks. */
const EXCLUDE_AT_MOST = 500;

/** Keeps a radio queue from running dry: asks for more related tracks when it nears its end. */
export default function RadioFeeder() {
  const radio = useAtomValue(radioAtom);
  const { items, index } = useAtomValue(queueStateAtom);
  const loading = useRef(false);

  useEffect(() => {
    if (!radio || loading.current || items.length - index > REFILL_WHEN_LEFT) return;
    loading.current = true;
    const exclude = [...new Set(items.map((item) => item.id))].slice(-EXCLUDE_AT_MOST).join(',');
    ok(islandApi.radio[':seedType'][':seedId'].$get({ param: { seedType: radio.type, seedId: String(radio.id) }, query: { exclude: exclude || undefined } }))
      .then(({ tracks }) => addToQueue(toQueueTracks(tracks)))
      // A failed refill is retried when the listener moves to the next track.
      .catch(() => undefined)
      .finally(() => {
        loading.current = false;
      });
  }, [radio, items, index]);

  return null;
}

/** The first 64 KB: a few seconds of audio, enough for the browser to read the format and start. */
export const WARMUP_RANGE = 'bytes=0-65535';
/** A page where the listener hovers over many rows fetches no more than this many starts. */
export const MAX_WARMUPS_PER_PAGE = 6;

const warmed = new Set<string>();

/**
 * Fetches the first bytes of a track that a play button in view (or under the pointer) would
 * start, so that a click plays sooner. The stream answers a `Range` with a cacheable 206 (private,
 * with an ETag), which the browser keeps: when the player then asks for the whole file, the first
 * bytes come from its cache and only the rest from the network. It is a plain fetch of bytes, not
 * a playback, so nothing counts it as a play (plays are posted by the player after 30 s heard).
 * Each address once per page, a few per page at most, and never when the browser asks to save data.
 */
export function warmUpStream(url: string | null | undefined): void {
  if (!url || warmed.has(url) || warmed.size >= MAX_WARMUPS_PER_PAGE) return;
  if ((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData) return;
  warmed.add(url);
  fetch(url, { headers: { Range: WARMUP_RANGE }, priority: 'low' })
    .then((response) => response.arrayBuffer())
    .catch(() => {
      // A warm-up that fails costs nothing but the head start; the click loads the track as ever.
    });
}

// A page swap of the client router starts a new page: its buttons get their own warm-ups.
if (typeof document !== 'undefined') document.addEventListener('astro:after-swap', () => warmed.clear());

/** Warms `url` once `element` is at least half in view; returns the cleanup for an effect. */
export function warmUpWhenVisible(element: Element | null, url: string | null | undefined): () => void {
  if (!element || !url || typeof IntersectionObserver === 'undefined') return () => {};
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      warmUpStream(url);
    },
    { threshold: 0.5 },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

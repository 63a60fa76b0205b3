/**
 * A length as a clock, as track lists and players show it: 215000 ms → "3:35", an hour or more →
 * "1:02:03". The back office counts minutes past the hour (`hours: false`: "62:03"). Nothing known
 * (null, zero, negative, not a number) shows as `empty`.
 */
export function formatDuration(ms: number | null | undefined, { hours = true, empty = '0:00' }: { hours?: boolean; empty?: string } = {}): string {
  if (!ms || ms < 0 || !Number.isFinite(ms)) return empty;
  const total = Math.round(ms / 1000);
  const seconds = String(total % 60).padStart(2, '0');
  if (!hours) return `${Math.floor(total / 60)}:${seconds}`;
  const wholeHours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return wholeHours ? `${wholeHours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Total running time in words, for album and playlist headers: "42 min" or "1 hr 5 min". */
export function formatLength(ms: number): string {
  const minutes = Math.round(ms / 60000);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} hr ${minutes % 60} min` : `${minutes} min`;
}

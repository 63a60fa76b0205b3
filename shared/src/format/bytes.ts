/**
 * A file size for people: `900 B`, `1.5 KB`, `200 MB`, `2.25 GB`. The one formatter of the server's
 * upload limits, the back office and the site's uploader; it prints as Uppy does (prettier-bytes),
 * so a size reads the same in every message.
 * Nothing known (null, not a number) prints as nothing.
 */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes)) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  if (bytes <= 0) return '0 B';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const value = bytes / 1024 ** exponent;
  if (exponent >= 3) return `${value % 1 === 0 ? value : value.toFixed(2)} ${units[exponent]}`;
  return `${value >= 10 || value % 1 === 0 ? Math.round(value) : value.toFixed(1)} ${units[exponent]}`;
}

/** Steps of the spec: seconds up to 60, minutes up to 60, hours up to 24, days up to 7, then weeks, months, years. */
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.34524],
  ['month', 12],
  ['year', Infinity],
];

/** "a few seconds ago" under a minute, then "5 minutes ago", "yesterday", "3 weeks ago"… */
export function relativeTime(date: string | Date, language = 'en', now = Date.now()): string {
  let value = (new Date(date).getTime() - now) / 1000;
  if (Math.abs(value) < 60) return 'a few seconds ago';
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}

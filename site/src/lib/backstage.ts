import { guardRedirect } from './guards.ts';

/**
 * What a backstage page does with the API's answer about one track, album or artist: visitors go
 * to /login; for anyone else, something that is not theirs (403) reads as the not-found page,
 * like an unknown id, so a page never says whose music exists behind an address.
 */
export async function backstageData<T>(
  locals: App.Locals,
  currentPath: string,
  /** The id in the address; none (not a number) reads as not found. */
  id: number | undefined,
  load: (request: { param: { id: string } }) => Promise<{ ok: boolean; status: number; json(): Promise<T> }>,
) {
  const redirect = guardRedirect(locals.bootstrap, { login: true }, currentPath);
  if (redirect) return { redirect, data: null };
  if (!id) return { data: null };
  const response = await load({ param: { id: String(id) } });
  if (response.ok) return { data: await response.json() };
  if ([403, 404, 422].includes(response.status)) return { data: null };
  throw new Error(`API call failed with status ${response.status}`);
}

/** The last 30 days up to today (UTC), the range insights open with. */
export function defaultRange(now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** Every day of a range with its count (0 where nothing was played), for the chart. */
export function fillDays(from: string, to: string, days: { day: string; count: number }[]): { day: string; count: number }[] {
  const counts = new Map(days.map((d) => [d.day, d.count]));
  const out: { day: string; count: number }[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`) && out.length < 400; at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    out.push({ day, count: counts.get(day) ?? 0 });
  }
  return out;
}

/** Moves the item at `index` one place up (-1) or down (+1); the list is unchanged at either end. */
export function moveItem<T>(items: T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return items;
  const copy = [...items];
  [copy[index], copy[target]] = [copy[target], copy[index]];
  return copy;
}

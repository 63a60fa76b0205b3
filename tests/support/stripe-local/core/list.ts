import { errors } from './errors.ts';
import type { Params } from './params.ts';

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** `created` as Stripe filters it: an exact second or a range `created[gte]=...&created[lt]=...`. */
export function createdFilter(p: Params): (created: number) => boolean {
  if (!p.has('created')) return () => true;
  const exact = p.raw('created');
  if (typeof exact === 'string') {
    const at = p.int('created');
    return (created) => created === at;
  }
  const range = p.hash('created')!;
  const gt = range.int('gt');
  const gte = range.int('gte');
  const lt = range.int('lt');
  const lte = range.int('lte');
  return (created) =>
    (gt === undefined || created > gt) && (gte === undefined || created >= gte) && (lt === undefined || created < lt) && (lte === undefined || created <= lte);
}

/**
 * Cursor pagination over newest-first items: `limit` (1-100, default 10), `starting_after` and
 * `ending_before` object ids, answered as a list object with `has_more`.
 */
export function paginate<T extends { id: string }>(items: T[], p: Params, url: string): ListObject<T> {
  const limit = p.int('limit', { min: 1, max: 100 }) ?? 10;
  const startingAfter = p.string('starting_after');
  const endingBefore = p.string('ending_before');
  if (startingAfter && endingBefore) {
    throw errors.invalidParam('ending_before', 'You may only specify one of these parameters: ending_before, starting_after.');
  }
  const position = (id: string, param: string) => {
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) throw errors.noSuch('object', id, param, 400);
    return index;
  };
  if (endingBefore) {
    const end = position(endingBefore, 'ending_before');
    const start = Math.max(0, end - limit);
    return { object: 'list', data: items.slice(start, end), has_more: start > 0, url };
  }
  const start = startingAfter ? position(startingAfter, 'starting_after') + 1 : 0;
  return { object: 'list', data: items.slice(start, start + limit), has_more: start + limit < items.length, url };
}

/** An embedded list that is never paginated (subscription items, invoice lines). */
export function fullList<T>(data: T[], url: string): ListObject<T> & { total_count: number } {
  return { object: 'list', data, has_more: false, total_count: data.length, url };
}

import type { Ctx } from '../core/app.ts';
import { errors } from '../core/errors.ts';

/** PayPal's list pages: `page_size` (1-20, default 10), `page` from 1, totals when `total_required=true`. */
export function pageOf<T>(ctx: Ctx, path: string, key: string, items: T[]) {
  const number = (name: string, fallback: number, max: number) => {
    const raw = ctx.query.get(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > max) throw errors.invalidValue(name, raw, `The value must be between 1 and ${max}.`, 'query');
    return value;
  };
  const size = number('page_size', 10, 20);
  const page = number('page', 1, 100_000);
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  const links = [ctx.app.link(`${path}?page_size=${size}&page=${page}`, 'self', 'GET')];
  if (page < totalPages) links.push(ctx.app.link(`${path}?page_size=${size}&page=${page + 1}`, 'next', 'GET'));
  return {
    [key]: items.slice((page - 1) * size, page * size),
    ...(ctx.query.get('total_required') === 'true' ? { total_items: items.length, total_pages: totalPages } : {}),
    links,
  };
}

import type { Ctx, Route } from '../core/app.ts';
import { createdFilter, paginate } from '../core/list.ts';

function list(ctx: Ctx) {
  const { app, params: p } = ctx;
  const type = p.string('type');
  const types = p.strings('types');
  const deliverySuccess = p.bool('delivery_success');
  const created = createdFilter(p);
  // `type` accepts a `*` wildcard, as in `customer.subscription.*`.
  const pattern = type && new RegExp(`^${type.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`);
  const typeMatches = (value: string) => !pattern || pattern.test(value);
  const events = app.store
    .all('event')
    .filter(
      (event) =>
        typeMatches(event.type) &&
        (!types || types.includes(event.type)) &&
        (deliverySuccess === undefined || (event.pending_webhooks === 0) === deliverySuccess) &&
        created(event.created),
    );
  return paginate(events, p, '/v1/events');
}

export const eventRoutes: Route[] = [
  { method: 'GET', path: '/v1/events', handler: list },
  { method: 'GET', path: '/v1/events/:id', handler: (ctx) => ctx.app.store.require('event', ctx.path.id) },
];

import type { ReleaseOrder } from '../local-double/delivery-queue.ts';
import { advanceClock } from './billing/clock.ts';
import type { Ctx, Route } from './core/app.ts';
import { errors } from './core/errors.ts';
import { configureWebhook } from './resources/notifications.ts';
import { requireSubscription } from './resources/subscriptions.ts';

/** A number from a JSON body or a form (`curl -d seconds=...`). */
function numberOf(ctx: Ctx, name: string, fallback?: number): number | undefined {
  const raw = ctx.body.raw[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < -1) throw errors.invalidValue(`/${name}`, raw, 'A whole number is expected.');
  return value;
}

function flag(ctx: Ctx, name: string, fallback: boolean): boolean {
  const raw = ctx.body.raw[name];
  return raw === undefined ? fallback : raw === true || raw === 'true';
}

/**
 * Controls for tests, outside PayPal's API (`/_test/...`, same credentials): the simulated clock,
 * failing payments, webhook delivery (who got what, resend, hold and release out of order), answers
 * held back (`holds`) and a reset.
 */
export function testControlRoutes(webhookId: string): Route[] {
  const settle = async (ctx: Ctx) => (flag(ctx, 'wait', true) ? ctx.app.deliveries.settle(numberOf(ctx, 'timeout_ms', 30_000)) : true);
  return [
    { method: 'GET', path: '/_test/clock', handler: (ctx) => ({ now: ctx.app.now(), offset: ctx.app.store.data.clockOffset }) },
    {
      method: 'POST',
      path: '/_test/clock/advance',
      handler: async (ctx) => {
        const seconds = numberOf(ctx, 'seconds');
        if (seconds === undefined || seconds < 0) throw errors.missing('/seconds');
        const result = advanceClock(ctx.app, seconds);
        return { ...result, settled: await settle(ctx) };
      },
    },
    {
      method: 'POST',
      path: '/_test/webhook',
      handler: (ctx) => {
        const url = ctx.body.requiredString('url', { pattern: /^https?:\/\/[^\s]+$/ });
        return configureWebhook(ctx.app, webhookId, url);
      },
    },
    {
      method: 'POST',
      path: '/_test/subscriptions/:id/fail-payments',
      handler: (ctx) => {
        const subscription = requireSubscription(ctx.app, ctx.path.id);
        const count = numberOf(ctx, 'count', 1)!;
        if (count === 0) delete ctx.app.store.data.failingPayments[subscription.id];
        else ctx.app.store.data.failingPayments[subscription.id] = count;
        ctx.app.store.changed();
        return { subscription: subscription.id, failing: count };
      },
    },
    {
      method: 'GET',
      path: '/_test/deliveries',
      handler: (ctx) => {
        const event = ctx.query.get('event');
        const type = ctx.query.get('type');
        return { deliveries: ctx.app.store.data.deliveries.filter((delivery) => (!event || delivery.event === event) && (!type || delivery.type === type)) };
      },
    },
    {
      method: 'POST',
      path: '/_test/events/:id/resend',
      handler: (ctx) => {
        const event = ctx.app.store.data.events[ctx.path.id];
        if (!event) throw errors.notFound('INVALID_RESOURCE_ID', 'Webhook event id does not exist.');
        return { queued: ctx.app.enqueue(event) };
      },
    },
    {
      method: 'POST',
      path: '/_test/webhooks/hold',
      handler: (ctx) => {
        ctx.app.deliveries.hold();
        return { held: true };
      },
    },
    {
      method: 'POST',
      path: '/_test/webhooks/release',
      handler: async (ctx) => {
        const order = (ctx.body.raw.order ?? 'original') as ReleaseOrder;
        if (!['original', 'reverse', 'shuffle'].includes(order)) throw errors.invalidValue('/order', order, 'The order must be original, reverse or shuffle.');
        ctx.app.deliveries.release(order);
        return { settled: await settle(ctx) };
      },
    },
    { method: 'POST', path: '/_test/webhooks/settle', handler: async (ctx) => ({ settled: await settle(ctx) }) },
    {
      method: 'POST',
      path: '/_test/holds',
      handler: (ctx) => {
        const method = ctx.body.raw.method;
        if (method !== 'GET' && method !== 'POST' && method !== 'PATCH' && method !== 'DELETE') throw errors.invalidValue('/method', String(method), 'The method must be GET, POST, PATCH or DELETE.');
        return { id: ctx.app.holds.add(method, ctx.body.requiredString('path', { pattern: /^\/\S*$/ })) };
      },
    },
    {
      method: 'POST',
      path: '/_test/holds/:id/wait',
      handler: async (ctx) => ({ held: await ctx.app.holds.waitHeld(ctx.path.id, numberOf(ctx, 'timeout_ms', 10_000)!) }),
    },
    { method: 'POST', path: '/_test/holds/:id/release', handler: (ctx) => ({ released: ctx.app.holds.release(ctx.path.id) }) },
    {
      method: 'POST',
      path: '/_test/reset',
      handler: (ctx) => {
        ctx.app.holds.releaseAll();
        ctx.app.deliveries.clear();
        ctx.app.store.reset();
        return { reset: true };
      },
    },
  ];
}

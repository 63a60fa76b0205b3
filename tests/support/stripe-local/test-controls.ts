import type { Ctx, Route } from './core/app.ts';
import { advanceClock } from './billing/clock.ts';
import type { ReleaseOrder } from './core/webhooks.ts';
import { errors } from './core/errors.ts';
import { configureEndpoint, configuredEndpoint } from './resources/webhook-endpoints.ts';

/**
 * Controls for tests, outside the Stripe API (`/_test/...`, same secret key): the simulated
 * clock, webhook delivery (who got what, resend, hold and release out of order), answers held
 * back (`holds`) and a reset.
 * Handlers may return a promise; the server awaits it.
 */
export function testControlRoutes(): Route[] {
  const settle = async (ctx: Ctx) => {
    const wait = ctx.params.bool('wait') ?? true;
    const timeout = ctx.params.int('timeout_ms', { min: 0, max: 600_000 }) ?? 30_000;
    return wait ? ctx.app.webhooks.settle(timeout) : true;
  };
  return [
    { method: 'GET', path: '/_test/clock', handler: (ctx) => ({ now: ctx.app.now(), offset: ctx.app.store.data.clockOffset }) },
    {
      method: 'POST',
      path: '/_test/clock/advance',
      handler: async (ctx) => {
        const seconds = ctx.params.int('seconds', { min: 0 });
        if (seconds === undefined) throw errors.missingParam('seconds');
        const result = advanceClock(ctx.app, seconds);
        return { ...result, settled: await settle(ctx) };
      },
    },
    {
      method: 'POST',
      path: '/_test/webhook',
      handler: (ctx) => {
        const endpoint = configureEndpoint(ctx.app, ctx.params.requiredString('url'), ctx.params.requiredString('secret'));
        return { id: endpoint.id, url: endpoint.url };
      },
    },
    {
      method: 'GET',
      path: '/_test/deliveries',
      handler: (ctx) => {
        const event = ctx.params.string('event');
        const type = ctx.params.string('type');
        return {
          object: 'list',
          data: ctx.app.store.data.deliveries.filter((delivery) => (!event || delivery.event === event) && (!type || delivery.type === type)),
        };
      },
    },
    {
      method: 'POST',
      path: '/_test/events/:id/resend',
      handler: (ctx) => {
        const event = ctx.app.store.require('event', ctx.path.id);
        const endpoint = ctx.params.string('webhook_endpoint');
        if (endpoint) ctx.app.store.require('webhook_endpoint', endpoint, 'webhook_endpoint', 'webhook endpoint');
        return { queued: ctx.app.webhooks.resend(event, endpoint) };
      },
    },
    {
      method: 'POST',
      path: '/_test/webhooks/hold',
      handler: (ctx) => {
        ctx.app.webhooks.hold();
        return { held: true };
      },
    },
    {
      method: 'POST',
      path: '/_test/webhooks/release',
      handler: async (ctx) => {
        const order = (ctx.params.oneOf('order', ['original', 'reverse', 'shuffle']) ?? 'original') as ReleaseOrder;
        ctx.app.webhooks.release(order);
        return { settled: await settle(ctx) };
      },
    },
    { method: 'POST', path: '/_test/webhooks/settle', handler: async (ctx) => ({ settled: await settle(ctx) }) },
    {
      method: 'POST',
      path: '/_test/holds',
      handler: (ctx) => {
        const method = ctx.params.oneOf('method', ['GET', 'POST', 'DELETE']);
        if (!method) throw errors.missingParam('method');
        return { id: ctx.app.holds.add(method, ctx.params.requiredString('path')) };
      },
    },
    {
      method: 'POST',
      path: '/_test/holds/:id/wait',
      handler: async (ctx) => ({ held: await ctx.app.holds.waitHeld(ctx.path.id, ctx.params.int('timeout_ms', { min: 0, max: 600_000 }) ?? 10_000) }),
    },
    { method: 'POST', path: '/_test/holds/:id/release', handler: (ctx) => ({ released: ctx.app.holds.release(ctx.path.id) }) },
    {
      method: 'POST',
      path: '/_test/reset',
      handler: (ctx) => {
        ctx.app.holds.releaseAll();
        // The endpoint set on the command line or by setWebhook survives: it is configuration, not state.
        const configured = configuredEndpoint(ctx.app);
        ctx.app.webhooks.clear();
        ctx.app.store.reset();
        if (configured) configureEndpoint(ctx.app, configured.endpoint.url, configured.secret);
        return { reset: true };
      },
    },
  ];
}

import { EVENT_TYPES, type Ctx, type PayPalLocal, type Route } from '../core/app.ts';
import { errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { signedMessage, verifyTransmission } from '../core/signing.ts';
import type { Webhook } from '../core/types.ts';

/** PayPal allows ten webhooks per app. */
const MAX_WEBHOOKS = 10;

export function presentWebhook(app: PayPalLocal, webhook: Webhook) {
  const self = `/v1/notifications/webhooks/${webhook.id}`;
  return {
    id: webhook.id,
    url: webhook.url,
    event_types: webhook.event_types.map((type) => ({ name: type.name, description: type.name === '*' ? 'ALL' : type.name })),
    links: [app.link(self, 'self', 'GET'), app.link(self, 'update', 'PATCH'), app.link(self, 'delete', 'DELETE')],
  };
}

function requireWebhook(app: PayPalLocal, id: string): Webhook {
  const webhook = app.store.data.webhooks[id];
  if (!webhook) throw errors.notFound('INVALID_RESOURCE_ID', 'Webhook id does not exist.');
  return webhook;
}

/** Creates or repoints the webhook the test client and the command line configure (one id for good). */
export function configureWebhook(app: PayPalLocal, id: string, url: string): Webhook {
  const webhook: Webhook = { id, url, event_types: [{ name: '*' }] };
  app.store.data.webhooks[id] = webhook;
  app.store.changed();
  return webhook;
}

function create(ctx: Ctx) {
  const body = ctx.body.only(['url', 'event_types']);
  const url = body.requiredString('url', { max: 2048, pattern: /^https?:\/\/[^\s]+$/ });
  const types = body.array('event_types');
  if (!types || types.length === 0) throw errors.missing('/event_types');
  const names = types.map((type) => type.only(['name']).requiredString('name'));
  names.forEach((name, i) => {
    if (name !== '*' && !(EVENT_TYPES as readonly string[]).includes(name)) {
      throw errors.invalidRequest([{ field: `/event_types/${i}/name`, value: name, location: 'body', issue: 'WEBHOOK_EVENT_TYPE_NOT_SUPPORTED', description: 'The event type is not supported.' }]);
    }
  });
  const webhooks = Object.values(ctx.app.store.data.webhooks);
  if (webhooks.some((webhook) => webhook.url === url)) {
    throw errors.invalidRequest([{ field: '/url', value: url, location: 'body', issue: 'WEBHOOK_URL_ALREADY_EXISTS', description: 'Webhook URL already exists.' }]);
  }
  if (webhooks.length >= MAX_WEBHOOKS) throw errors.invalidRequest([{ issue: 'WEBHOOK_NUMBER_LIMIT_EXCEEDED', description: 'Maximum number of webhooks reached.' }]);
  const webhook: Webhook = { id: newId.webhook(), url, event_types: names.map((name) => ({ name })) };
  ctx.app.store.data.webhooks[webhook.id] = webhook;
  ctx.app.store.changed();
  ctx.status = 201;
  return presentWebhook(ctx.app, webhook);
}

/**
 * PayPal's recommended check of a delivery: the product sends back the PAYPAL-* headers, its
 * webhook id and the event as it received it; the signature must verify over the CRC-32 of the
 * event serialised as delivered (so the product passes `JSON.parse(body)` untouched).
 */
function verifySignature(ctx: Ctx) {
  const body = ctx.body.only(['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event']);
  const algorithm = body.requiredString('auth_algo');
  const certUrl = body.requiredString('cert_url');
  const transmissionId = body.requiredString('transmission_id');
  const signature = body.requiredString('transmission_sig');
  const transmissionTime = body.requiredString('transmission_time');
  const webhookId = body.requiredString('webhook_id');
  const event = body.requiredObject('webhook_event');
  const valid =
    algorithm === 'SHA256withRSA' &&
    certUrl === ctx.app.certUrl() &&
    ctx.app.store.data.webhooks[webhookId] !== undefined &&
    verifyTransmission(ctx.app.store.data.signingKey!, signedMessage(transmissionId, transmissionTime, webhookId, JSON.stringify(event.raw)), signature);
  return { verification_status: valid ? 'SUCCESS' : 'FAILURE' };
}

export const notificationRoutes: Route[] = [
  { method: 'POST', path: '/v1/notifications/webhooks', handler: create },
  { method: 'GET', path: '/v1/notifications/webhooks', handler: (ctx) => ({ webhooks: Object.values(ctx.app.store.data.webhooks).map((webhook) => presentWebhook(ctx.app, webhook)) }) },
  { method: 'GET', path: '/v1/notifications/webhooks/:id', handler: (ctx) => presentWebhook(ctx.app, requireWebhook(ctx.app, ctx.path.id)) },
  {
    method: 'DELETE',
    path: '/v1/notifications/webhooks/:id',
    handler: (ctx) => {
      requireWebhook(ctx.app, ctx.path.id);
      delete ctx.app.store.data.webhooks[ctx.path.id];
      ctx.app.store.changed();
      ctx.status = 204;
      return undefined;
    },
  },
  { method: 'POST', path: '/v1/notifications/verify-webhook-signature', handler: verifySignature },
  {
    method: 'GET',
    path: '/v1/notifications/webhooks-events/:id',
    handler: (ctx) => {
      const event = ctx.app.store.data.events[ctx.path.id];
      if (!event) throw errors.notFound('INVALID_RESOURCE_ID', 'Webhook event id does not exist.');
      return event;
    },
  },
  {
    method: 'POST',
    path: '/v1/notifications/webhooks-events/:id/resend',
    handler: (ctx) => {
      const body = ctx.body.only(['webhook_ids']);
      const event = ctx.app.store.data.events[ctx.path.id];
      if (!event) throw errors.notFound('INVALID_RESOURCE_ID', 'Webhook event id does not exist.');
      const ids = (body.raw.webhook_ids as unknown[] | undefined) ?? [];
      if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) throw errors.invalidSyntax('/webhook_ids', body.raw.webhook_ids);
      for (const id of ids as string[]) requireWebhook(ctx.app, id);
      if (ids.length) for (const id of ids as string[]) ctx.app.enqueue(event, id);
      else ctx.app.enqueue(event);
      ctx.status = 202;
      return event;
    },
  },
];

import type Stripe from 'stripe';
import type { Ctx, Route, StripeLocal } from '../core/app.ts';
import { errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { paginate } from '../core/list.ts';
import type { Params } from '../core/params.ts';

const CONFIGURED = 'stripe-local';

function readUrl(p: Params, required: boolean): string | undefined {
  const url = required ? p.requiredString('url') : p.string('url');
  if (url !== undefined && !/^https?:\/\/[^\s]+$/.test(url)) throw errors.invalidParam('url', 'Invalid URL: An explicit scheme (such as https) must be provided.', 'url_invalid');
  return url;
}

function readEvents(p: Params, required: boolean): string[] | undefined {
  const events = p.strings('enabled_events');
  if (events === undefined && required) throw errors.missingParam('enabled_events');
  if (events?.length === 0) throw errors.cannotUnset('enabled_events');
  events?.forEach((event, index) => {
    if (!/^(\*|[a-z_]+(\.[a-z_*]+)*)$/.test(event)) throw errors.invalidParam(`enabled_events[${index}]`, `Invalid enabled_events[${index}]: ${event}`);
  });
  return events;
}

/** Adds an endpoint; the secret is returned in this answer only, as Stripe shows it once. */
export function addEndpoint(
  app: StripeLocal,
  fields: { url: string; enabledEvents: string[]; secret?: string; apiVersion?: string | null; description?: string | null; metadata?: Stripe.Metadata },
): Stripe.WebhookEndpoint {
  const endpoint: Stripe.WebhookEndpoint = {
    id: newId.long('we'),
    object: 'webhook_endpoint',
    api_version: fields.apiVersion ?? null,
    application: null,
    created: app.now(),
    description: fields.description ?? null,
    enabled_events: fields.enabledEvents,
    livemode: false,
    metadata: fields.metadata ?? {},
    status: 'enabled',
    url: fields.url,
  };
  const secret = fields.secret ?? newId.webhookSecret();
  app.store.data.webhookSecrets[endpoint.id] = secret;
  app.store.insert('webhook_endpoint', endpoint);
  return { ...endpoint, secret };
}

/** The endpoint set by `--webhook` or `setWebhook`, with its secret. */
export function configuredEndpoint(app: StripeLocal): { endpoint: Stripe.WebhookEndpoint; secret: string } | undefined {
  const endpoint = Object.values(app.store.data.objects.webhook_endpoint).find((candidate) => candidate.metadata[CONFIGURED] === 'configured');
  const secret = endpoint && app.store.data.webhookSecrets[endpoint.id];
  return endpoint && secret ? { endpoint, secret } : undefined;
}

/**
 * The endpoint given on the command line or by the test client (`--webhook URL --webhook-secret
 * whsec_...`): its secret is the one the product was configured with, so the two can be set up
 * without copying a generated secret around. Setting it again replaces it.
 */
export function configureEndpoint(app: StripeLocal, url: string, secret: string): Stripe.WebhookEndpoint {
  for (const endpoint of Object.values(app.store.data.objects.webhook_endpoint)) {
    if (endpoint.metadata[CONFIGURED] === 'configured') {
      app.store.remove('webhook_endpoint', endpoint.id);
      delete app.store.data.webhookSecrets[endpoint.id];
    }
  }
  if (!secret.startsWith('whsec_')) throw new Error('A webhook signing secret starts with whsec_');
  return addEndpoint(app, { url, enabledEvents: ['*'], secret, description: 'Set by stripe-local (--webhook)', metadata: { [CONFIGURED]: 'configured' } });
}

function create(ctx: Ctx): Stripe.WebhookEndpoint {
  const { app, params: p } = ctx;
  const url = readUrl(p, true)!;
  const enabledEvents = readEvents(p, true)!;
  const apiVersion = p.string('api_version');
  if (apiVersion !== undefined && !/^\d{4}-\d{2}-\d{2}(\.\w+)?$/.test(apiVersion)) throw errors.invalidParam('api_version', `Invalid API version: ${apiVersion}`);
  p.ignore('connect');
  return addEndpoint(app, {
    url,
    enabledEvents,
    // Without one, events use the account's default version, as on Stripe.
    apiVersion: apiVersion ?? null,
    description: p.nullableString('description') ?? null,
    metadata: p.metadata('metadata') ?? {},
  });
}

function update(ctx: Ctx): Stripe.WebhookEndpoint {
  const { app, params: p } = ctx;
  const endpoint = app.store.require('webhook_endpoint', ctx.path.id, 'id', 'webhook endpoint');
  endpoint.url = readUrl(p, false) ?? endpoint.url;
  endpoint.enabled_events = readEvents(p, false) ?? endpoint.enabled_events;
  const disabled = p.bool('disabled');
  if (disabled !== undefined) endpoint.status = disabled ? 'disabled' : 'enabled';
  const description = p.nullableString('description');
  if (description !== undefined) endpoint.description = description;
  endpoint.metadata = p.metadata('metadata', endpoint.metadata) ?? endpoint.metadata;
  app.store.changed();
  return endpoint;
}

function remove(ctx: Ctx): Stripe.DeletedWebhookEndpoint {
  const { app } = ctx;
  const endpoint = app.store.require('webhook_endpoint', ctx.path.id, 'id', 'webhook endpoint');
  app.store.remove('webhook_endpoint', endpoint.id);
  delete app.store.data.webhookSecrets[endpoint.id];
  return { id: endpoint.id, object: 'webhook_endpoint', deleted: true };
}

export const webhookEndpointRoutes: Route[] = [
  { method: 'POST', path: '/v1/webhook_endpoints', handler: create },
  { method: 'GET', path: '/v1/webhook_endpoints', handler: (ctx) => paginate(ctx.app.store.all('webhook_endpoint'), ctx.params, '/v1/webhook_endpoints') },
  { method: 'GET', path: '/v1/webhook_endpoints/:id', handler: (ctx) => ctx.app.store.require('webhook_endpoint', ctx.path.id, 'id', 'webhook endpoint') },
  { method: 'POST', path: '/v1/webhook_endpoints/:id', handler: update },
  { method: 'DELETE', path: '/v1/webhook_endpoints/:id', handler: remove },
];

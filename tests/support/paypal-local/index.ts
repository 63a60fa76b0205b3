import { clockAndWebhookControls, type ClockAndWebhookControls, type ListenOptions, TEST_WEBHOOK_RETRY_DELAYS_MS } from '../local-double/controls.ts';
import type { DeliveryRecord } from './core/store.ts';
import { createPayPalLocalServer, type ServerOptions } from './server.ts';

export type { DeliveryRecord } from './core/store.ts';

export interface PayPalLocalControls extends ClockAndWebhookControls {
  /** Base URL, e.g. http://127.0.0.1:41234 (the product's PAYPAL_API_URL). */
  url: string;
  clientId: string;
  secret: string;
  /** The id of the configured webhook: the `webhook_id` the product verifies deliveries with. */
  webhookId: string;
  /** The product's variables for this server. */
  env: { PAYPAL_API_URL: string; PAYPAL_CLIENT_ID: string; PAYPAL_SECRET: string; PAYPAL_WEBHOOK_ID: string };
  /** Sends every event to `url`, through the configured webhook (its id stays). */
  setWebhook(url: string): Promise<void>;
  /** The next `count` payments of the subscription fail (-1: every one; 0: none any more). */
  failPayments(subscriptionId: string, count?: number): Promise<void>;
  /** Every delivery attempt so far, with the receiver's answer (filter by event id or type). */
  deliveries(filter?: { event?: string; type?: string }): Promise<DeliveryRecord[]>;
  /** Sends an event again to every webhook that listens to it (a replay). */
  resendEvent(eventId: string): Promise<void>;
  /** Forgets every product, plan, subscription, event and delivery (webhooks and the signing key stay). */
  reset(): Promise<void>;
}

export interface PayPalLocalHandle extends PayPalLocalControls {
  close(): Promise<void>;
}

/** Controls of a paypal-local server that runs elsewhere (e.g. started by hand with `pnpm paypal:local`). */
export function connectPayPalLocal(url: string, credentials: { clientId?: string; secret?: string; webhookId: string }): PayPalLocalControls {
  const clientId = credentials.clientId ?? 'paypal-local-client';
  const secret = credentials.secret ?? 'paypal-local-secret';
  const authorization = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
  async function call<T>(method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}): Promise<T> {
    const query = method === 'GET' ? new URLSearchParams(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : undefined;
    const response = await fetch(query?.size ? `${url}${path}?${query}` : `${url}${path}`, {
      method,
      headers: { Authorization: authorization, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    });
    const answer = (await response.json()) as T & { message?: string; details?: { description: string }[] };
    if (!response.ok) throw new Error(`paypal-local ${path}: ${answer.details?.[0]?.description ?? answer.message ?? response.status}`);
    return answer;
  }
  return {
    ...clockAndWebhookControls(call),
    url,
    clientId,
    secret,
    webhookId: credentials.webhookId,
    env: { PAYPAL_API_URL: url, PAYPAL_CLIENT_ID: clientId, PAYPAL_SECRET: secret, PAYPAL_WEBHOOK_ID: credentials.webhookId },
    async setWebhook(webhookUrl) {
      await call('POST', '/_test/webhook', { url: webhookUrl });
    },
    async failPayments(subscriptionId, count = 1) {
      await call('POST', `/_test/subscriptions/${encodeURIComponent(subscriptionId)}/fail-payments`, { count });
    },
    deliveries: async (filter = {}) => (await call<{ deliveries: DeliveryRecord[] }>('GET', '/_test/deliveries', filter)).deliveries,
    async resendEvent(eventId) {
      await call('POST', `/_test/events/${encodeURIComponent(eventId)}/resend`);
    },
  };
}

export interface StartOptions extends ServerOptions, ListenOptions {}

/** Starts a paypal-local server in this process, for a test (webhook retries come quickly). */
export async function startPayPalLocal(options: StartOptions = {}): Promise<PayPalLocalHandle> {
  const { port, host, ...serverOptions } = options;
  const server = createPayPalLocalServer({ webhookRetryDelaysMs: TEST_WEBHOOK_RETRY_DELAYS_MS, ...serverOptions });
  const address = await server.listen(port, host);
  const { clientId, secret } = server.app.options;
  return { ...connectPayPalLocal(address.url, { clientId, secret, webhookId: server.webhookId }), close: () => server.close() };
}

import type { ReleaseOrder } from '../local-double/delivery-queue.ts';
import type { DeliveryRecord } from './core/store.ts';
import { createPayPalLocalServer, type ServerOptions } from './server.ts';

export type { DeliveryRecord } from './core/store.ts';
export type { ReleaseOrder } from '../local-double/delivery-queue.ts';

export interface PayPalLocalControls {
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
  /** Moves the simulated clock forward, runs what fell due and waits for the webhooks it sent. */
  advanceClock(seconds: number): Promise<{ now: number; processed: number }>;
  /** Unix seconds on the simulated clock. */
  now(): Promise<number>;
  /** The next `count` payments of the subscription fail (-1: every one; 0: none any more). */
  failPayments(subscriptionId: string, count?: number): Promise<void>;
  /** Every delivery attempt so far, with the receiver's answer (filter by event id or type). */
  deliveries(filter?: { event?: string; type?: string }): Promise<DeliveryRecord[]>;
  /** Sends an event again to every webhook that listens to it (a replay). */
  resendEvent(eventId: string): Promise<void>;
  /** Queues webhook deliveries instead of sending them, until `releaseWebhooks`. */
  holdWebhooks(): Promise<void>;
  releaseWebhooks(order?: ReleaseOrder): Promise<void>;
  /** Waits until no delivery is queued, in flight or waiting for a retry. */
  settle(timeoutMs?: number): Promise<boolean>;
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
    url,
    clientId,
    secret,
    webhookId: credentials.webhookId,
    env: { PAYPAL_API_URL: url, PAYPAL_CLIENT_ID: clientId, PAYPAL_SECRET: secret, PAYPAL_WEBHOOK_ID: credentials.webhookId },
    async setWebhook(webhookUrl) {
      await call('POST', '/_test/webhook', { url: webhookUrl });
    },
    advanceClock: (seconds) => call('POST', '/_test/clock/advance', { seconds }),
    now: async () => (await call<{ now: number }>('GET', '/_test/clock')).now,
    async failPayments(subscriptionId, count = 1) {
      await call('POST', `/_test/subscriptions/${encodeURIComponent(subscriptionId)}/fail-payments`, { count });
    },
    deliveries: async (filter = {}) => (await call<{ deliveries: DeliveryRecord[] }>('GET', '/_test/deliveries', filter)).deliveries,
    async resendEvent(eventId) {
      await call('POST', `/_test/events/${encodeURIComponent(eventId)}/resend`);
    },
    async holdWebhooks() {
      await call('POST', '/_test/webhooks/hold');
    },
    async releaseWebhooks(order = 'original') {
      await call('POST', '/_test/webhooks/release', { order });
    },
    settle: async (timeoutMs) => (await call<{ settled: boolean }>('POST', '/_test/webhooks/settle', { timeout_ms: timeoutMs })).settled,
    async reset() {
      await call('POST', '/_test/reset');
    },
  };
}

export interface StartOptions extends ServerOptions {
  /** Port to listen on (0 or absent: a free one). */
  port?: number;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
}

/**
 * Starts a paypal-local server in this process, for a test. Webhook retries come quickly
 * (0.2 s, 1 s, 3 s) so a test that makes its endpoint fail does not wait for minutes.
 */
export async function startPayPalLocal(options: StartOptions = {}): Promise<PayPalLocalHandle> {
  const { port, host, ...serverOptions } = options;
  const server = createPayPalLocalServer({ webhookRetryDelaysMs: [200, 1_000, 3_000], ...serverOptions });
  const address = await server.listen(port ?? 0, host ?? '127.0.0.1');
  const { clientId, secret } = server.app.options;
  return { ...connectPayPalLocal(address.url, { clientId, secret, webhookId: server.webhookId }), close: () => server.close() };
}

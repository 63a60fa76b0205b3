import { clockAndWebhookControls, type ClockAndWebhookControls, type ListenOptions, TEST_WEBHOOK_RETRY_DELAYS_MS } from '../local-double/controls.ts';
import type { DeliveryRecord } from './core/store.ts';
import { createStripeLocalServer, type ServerOptions } from './server.ts';

export type { DeliveryRecord } from './core/store.ts';

export interface StripeLocalControls extends ClockAndWebhookControls {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  host: string;
  port: number;
  protocol: 'http';
  secretKey: string;
  /** `new Stripe(secretKey, stripeConfig)` talks to this server. */
  stripeConfig: { host: string; port: number; protocol: 'http' };
  /** The product's variables for the Stripe API address. */
  env: { STRIPE_API_HOST: string; STRIPE_API_PORT: string; STRIPE_API_PROTOCOL: 'http' };
  /** Sends every event to `url`, signed with `secret` (replaces the previous one). */
  setWebhook(url: string, secret: string): Promise<void>;
  /** Every delivery attempt so far, with the endpoint's answer (filter by event id or type). */
  deliveries(filter?: { event?: string; type?: string }): Promise<DeliveryRecord[]>;
  /** Sends an event again, to every endpoint that listens to it or to one. */
  resendEvent(eventId: string, webhookEndpoint?: string): Promise<void>;
  /** Forgets every object, event and delivery (the configured webhook stays). */
  reset(): Promise<void>;
}

export interface StripeLocalHandle extends StripeLocalControls {
  close(): Promise<void>;
}

/** Controls of a stripe-local server that runs elsewhere (e.g. started by hand with `pnpm stripe:local`). */
export function connectStripeLocal(url: string, secretKey = 'sk_test_stripe_local'): StripeLocalControls {
  const address = new URL(url);
  const host = address.hostname.replace(/^\[|\]$/g, '');
  const port = Number(address.port || 80);
  async function call<T>(method: 'GET' | 'POST', path: string, params: Record<string, string | number | undefined> = {}): Promise<T> {
    const form = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined).map(([k, v]) => [k, String(v)]));
    const target = method === 'GET' && form.size > 0 ? `${url}${path}?${form}` : `${url}${path}`;
    const response = await fetch(target, {
      method,
      headers: { Authorization: `Bearer ${secretKey}`, ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
      body: method === 'POST' ? form : undefined,
    });
    const body = (await response.json()) as T & { error?: { message: string } };
    if (!response.ok) throw new Error(`stripe-local ${path}: ${body.error?.message ?? response.status}`);
    return body;
  }
  return {
    ...clockAndWebhookControls(call),
    url,
    host,
    port,
    protocol: 'http',
    secretKey,
    stripeConfig: { host, port, protocol: 'http' },
    env: { STRIPE_API_HOST: host, STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http' },
    async setWebhook(webhookUrl, secret) {
      await call('POST', '/_test/webhook', { url: webhookUrl, secret });
    },
    deliveries: async (filter = {}) => (await call<{ data: DeliveryRecord[] }>('GET', '/_test/deliveries', filter)).data,
    async resendEvent(eventId, webhookEndpoint) {
      await call('POST', `/_test/events/${encodeURIComponent(eventId)}/resend`, { webhook_endpoint: webhookEndpoint });
    },
  };
}

export interface StartOptions extends ServerOptions, ListenOptions {}

/** Starts a stripe-local server in this process, for a test (webhook retries come quickly). */
export async function startStripeLocal(options: StartOptions = {}): Promise<StripeLocalHandle> {
  const { port, host, ...serverOptions } = options;
  const server = createStripeLocalServer({ webhookRetryDelaysMs: TEST_WEBHOOK_RETRY_DELAYS_MS, ...serverOptions });
  const address = await server.listen(port, host);
  return { ...connectStripeLocal(address.url, server.app.options.secretKey), close: () => server.close() };
}

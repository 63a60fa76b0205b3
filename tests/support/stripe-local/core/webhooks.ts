import Stripe from 'stripe';
import { sendDelivery } from '../../local-double/delivery.ts';
import { DeliveryQueue, type QueuedJob, type ReleaseOrder } from '../../local-double/delivery-queue.ts';
import { newId } from './ids.ts';
import type { DeliveryRecord, Store } from './store.ts';
import { adaptToVersion } from './versions.ts';

export interface DeliveryOptions {
  /** Wall-clock waits before each retry of a failed delivery (Stripe retries for days; tests cannot). */
  retryDelaysMs: number[];
  timeoutMs: number;
  log: (line: string) => void;
}

interface Job extends QueuedJob {
  eventId: string;
  endpointId: string;
}

export type { ReleaseOrder } from '../../local-double/delivery-queue.ts';

/**
 * Sends events to webhook endpoints as Stripe does: a POST of the event as JSON with a
 * `Stripe-Signature` header made by the SDK's own `generateTestHeaderString` (HMAC-SHA256 of
 * `timestamp.payload` with the endpoint's secret), retried when the endpoint does not answer 2xx.
 * The queue (order, hold and release out of order, retries, settle) is the shared one.
 */
export class WebhookDelivery {
  private readonly store: Store;
  private readonly options: DeliveryOptions;
  private readonly queue: DeliveryQueue<Job>;

  constructor(store: Store, options: DeliveryOptions) {
    this.store = store;
    this.options = options;
    this.queue = new DeliveryQueue({ retryDelaysMs: options.retryDelaysMs, attempt: (job) => this.deliver(job) });
  }

  /** Queues the event for every enabled endpoint that listens to its type; returns how many. */
  enqueue(event: Stripe.Event): number {
    const endpoints = Object.values(this.store.data.objects.webhook_endpoint).filter(
      (endpoint) => endpoint.status === 'enabled' && (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(event.type)),
    );
    for (const endpoint of endpoints) this.queue.push({ eventId: event.id, endpointId: endpoint.id, attempt: 1 });
    return endpoints.length;
  }

  /** Sends an existing event again (as the Dashboard's "Resend"), to one endpoint or all that listen. */
  resend(event: Stripe.Event, endpointId?: string): number {
    if (!endpointId) return this.enqueue(event);
    this.queue.push({ eventId: event.id, endpointId, attempt: 1 });
    return 1;
  }

  hold(): void {
    this.queue.hold();
  }

  /** Lets held deliveries go, in their order, reversed or shuffled. */
  release(order: ReleaseOrder = 'original'): void {
    this.queue.release(order);
  }

  /** Resolves once nothing is queued, in flight or waiting for a retry (or after `timeoutMs`). */
  settle(timeoutMs = 30_000): Promise<boolean> {
    return this.queue.settle(timeoutMs);
  }

  close(): void {
    this.queue.close();
  }

  clear(): void {
    this.queue.clear();
  }

  /** One attempt; true when the endpoint accepted it (the queue retries otherwise). */
  private async deliver(job: Job): Promise<boolean> {
    const event = this.store.get('event', job.eventId);
    const endpoint = this.store.get('webhook_endpoint', job.endpointId);
    const secret = this.store.data.webhookSecrets[job.endpointId];
    if (!event || !endpoint || !secret) return true;
    const version = endpoint.api_version ?? event.api_version ?? Stripe.API_VERSION;
    // Stripe pretty-prints webhook bodies; the signature covers these exact bytes.
    const payload = JSON.stringify(adaptToVersion({ ...event, api_version: version }, version), null, 2);
    // The signature's timestamp is real time even when the simulated clock runs ahead: receivers
    // check it against their own clock (300 s tolerance by default).
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const record: DeliveryRecord = {
      id: `whd_${newId.random(20)}`,
      event: event.id,
      type: event.type,
      endpoint: endpoint.id,
      url: endpoint.url,
      attempt: job.attempt,
      status: null,
      ok: false,
      error: null,
      sent_at: timestamp,
      duration_ms: 0,
      payload,
      signature,
      response_body: null,
    };
    const ok = await sendDelivery(record, {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Stripe-Signature': signature,
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'Cache-Control': 'no-cache',
        Accept: '*/*; q=0.5, application/xml',
      },
      timeoutMs: this.options.timeoutMs,
      store: this.store,
      log: this.options.log,
    });
    if (ok && event.pending_webhooks > 0) event.pending_webhooks -= 1;
    return ok;
  }
}

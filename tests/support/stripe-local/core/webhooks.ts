import Stripe from 'stripe';
import { newId } from './ids.ts';
import type { DeliveryRecord, Store } from './store.ts';
import { adaptToVersion } from './versions.ts';

export interface DeliveryOptions {
  /** Wall-clock waits before each retry of a failed delivery (Stripe retries for days; tests cannot). */
  retryDelaysMs: number[];
  timeoutMs: number;
  log: (line: string) => void;
}

interface Job {
  eventId: string;
  endpointId: string;
  attempt: number;
}

export type ReleaseOrder = 'original' | 'reverse' | 'shuffle';

/**
 * Sends events to webhook endpoints as Stripe does: a POST of the event as JSON with a
 * `Stripe-Signature` header made by the SDK's own `generateTestHeaderString` (HMAC-SHA256 of
 * `timestamp.payload` with the endpoint's secret), retried when the endpoint does not answer 2xx.
 * Deliveries go one at a time in event order, so tests are repeatable; `hold()` and
 * `release('shuffle')` let a test deliver a batch out of order, as Stripe may.
 */
export class WebhookDelivery {
  private readonly store: Store;
  private readonly options: DeliveryOptions;
  private queue: Job[] = [];
  private held = false;
  private running = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(store: Store, options: DeliveryOptions) {
    this.store = store;
    this.options = options;
  }

  /** Queues the event for every enabled endpoint that listens to its type; returns how many. */
  enqueue(event: Stripe.Event): number {
    const endpoints = Object.values(this.store.data.objects.webhook_endpoint).filter(
      (endpoint) => endpoint.status === 'enabled' && (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(event.type)),
    );
    for (const endpoint of endpoints) this.queue.push({ eventId: event.id, endpointId: endpoint.id, attempt: 1 });
    this.pump();
    return endpoints.length;
  }

  /** Sends an existing event again (as the Dashboard's "Resend"), to one endpoint or all that listen. */
  resend(event: Stripe.Event, endpointId?: string): number {
    if (!endpointId) return this.enqueue(event);
    this.queue.push({ eventId: event.id, endpointId, attempt: 1 });
    this.pump();
    return 1;
  }

  hold(): void {
    this.held = true;
  }

  /** Lets held deliveries go, in their order, reversed or shuffled. */
  release(order: ReleaseOrder = 'original'): void {
    if (order === 'reverse') this.queue.reverse();
    if (order === 'shuffle') {
      for (let i = this.queue.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [this.queue[i], this.queue[j]] = [this.queue[j], this.queue[i]];
      }
    }
    this.held = false;
    this.pump();
  }

  /** Resolves once nothing is queued, in flight or waiting for a retry (or after `timeoutMs`). */
  async settle(timeoutMs = 30_000): Promise<boolean> {
    if (this.isIdle()) return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.queue = [];
    this.wakeIdle();
  }

  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.queue = [];
    this.held = false;
    this.wakeIdle();
  }

  private isIdle(): boolean {
    return !this.running && this.timers.size === 0 && (this.queue.length === 0 || this.held);
  }

  private wakeIdle(): void {
    if (!this.isIdle() && !this.closed) return;
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  private pump(): void {
    if (this.running || this.held || this.closed) return;
    const job = this.queue.shift();
    if (!job) {
      this.wakeIdle();
      return;
    }
    this.running = true;
    void this.deliver(job).finally(() => {
      this.running = false;
      this.pump();
    });
  }

  private async deliver(job: Job): Promise<void> {
    const event = this.store.get('event', job.eventId);
    const endpoint = this.store.get('webhook_endpoint', job.endpointId);
    const secret = this.store.data.webhookSecrets[job.endpointId];
    if (!event || !endpoint || !secret) return;
    const version = endpoint.api_version ?? event.api_version ?? Stripe.API_VERSION;
    // Stripe pretty-prints webhook bodies; the signature covers these exact bytes.
    const payload = JSON.stringify(adaptToVersion({ ...event, api_version: version }, version), null, 2);
    // The signature's timestamp is real time even when the simulated clock runs ahead: receivers
    // check it against their own clock (300 s tolerance by default).
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const started = Date.now();
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
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signature,
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Cache-Control': 'no-cache',
          Accept: '*/*; q=0.5, application/xml',
        },
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      record.status = response.status;
      record.ok = response.status >= 200 && response.status < 300;
      record.response_body = (await response.text()).slice(0, 2000);
    } catch (error) {
      record.error = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    record.duration_ms = Date.now() - started;
    this.store.data.deliveries.push(record);
    this.store.changed();
    this.options.log(`webhook ${event.type} ${event.id} → ${endpoint.url}: ${record.status ?? record.error} (attempt ${job.attempt})`);
    if (record.ok) {
      if (event.pending_webhooks > 0) event.pending_webhooks -= 1;
      return;
    }
    const delay = this.options.retryDelaysMs[job.attempt - 1];
    if (delay === undefined || this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.queue.push({ ...job, attempt: job.attempt + 1 });
      this.pump();
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }
}

import { sendDelivery } from '../../local-double/delivery.ts';
import { AnswerHolds } from '../../local-double/holds.ts';
import { DeliveryQueue, type QueuedJob } from '../../local-double/delivery-queue.ts';
import type { Body } from './body.ts';
import { newId } from './ids.ts';
import { iso } from './money.ts';
import { newSigningKey, signTransmission, signedMessage } from './signing.ts';
import { type DeliveryRecord, Store } from './store.ts';
import type { Link, WebhookEvent } from './types.ts';

export interface PayPalLocalOptions {
  /** The REST app's credentials: OAuth with them (Basic) gives the Bearer token the API takes. */
  clientId: string;
  secret: string;
  /** Where browsers and the product reach this server (approve links, cert URL, HATEOAS links). */
  publicUrl: string;
  /** Days between tries of a failed payment (PayPal retries a failed payment twice, 5 days apart). */
  paymentRetryDays: number[];
  /** What a subscription becomes when its failed payments reach the plan's `payment_failure_threshold`. */
  afterFailures: 'suspend' | 'cancel';
  webhookRetryDelaysMs: number[];
  webhookTimeoutMs: number;
  statePath?: string;
  log: (line: string) => void;
}

/** What a route handler gets: the server, the JSON body, path ids and the query string. */
export interface Ctx {
  app: PayPalLocal;
  body: Body;
  path: Record<string, string>;
  query: URLSearchParams;
  /** Set by a handler that answers something else than 200 (201 Created, 204 No Content). */
  status?: number;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  handler: (ctx: Ctx) => unknown;
}

interface DeliveryJob extends QueuedJob {
  eventId: string;
  webhookId: string;
}

/** Event types a webhook gets when registered with `*` or configured on the command line. */
export const EVENT_TYPES = [
  'BILLING.SUBSCRIPTION.CREATED',
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'BILLING.SUBSCRIPTION.UPDATED',
  'BILLING.SUBSCRIPTION.RE-ACTIVATED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
  'BILLING.SUBSCRIPTION.EXPIRED',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
  'PAYMENT.SALE.COMPLETED',
  'PAYMENT.SALE.REFUNDED',
  'BILLING.PLAN.CREATED',
  'BILLING.PLAN.UPDATED',
  'BILLING.PLAN.ACTIVATED',
  'BILLING.PLAN.DEACTIVATED',
  'CATALOG.PRODUCT.CREATED',
  'CATALOG.PRODUCT.UPDATED',
] as const;

/** The server's state, clock, signing key and webhook delivery, shared by every resource module. */
export class PayPalLocal {
  readonly options: PayPalLocalOptions;
  readonly store: Store;
  readonly deliveries: DeliveryQueue<DeliveryJob>;
  /** Access tokens handed out, with their expiry in real time (a cache on the product's side must cope). */
  readonly tokens = new Map<string, number>();
  /** Answers a test holds back on their way out (`/_test/holds`): in memory only, like the tokens. */
  readonly holds = new AnswerHolds();

  constructor(options: PayPalLocalOptions) {
    this.options = options;
    this.store = new Store(options.statePath);
    if (!this.store.data.signingKey) {
      this.store.data.signingKey = newSigningKey();
      this.store.changed();
    }
    this.deliveries = new DeliveryQueue({ retryDelaysMs: options.webhookRetryDelaysMs, attempt: (job) => this.deliver(job) });
  }

  now(): number {
    return this.store.now();
  }

  nowIso(): string {
    return iso(this.now());
  }

  url(path: string): string {
    return `${this.options.publicUrl}${path}`;
  }

  link(path: string, rel: string, method: Link['method'] = 'GET'): Link {
    return { href: this.url(path), rel, method };
  }

  certUrl(): string {
    return this.url('/v1/notifications/certs/CERT-360caa42-fca2a594-paypal-local');
  }

  /** Records an event and queues it for every webhook that listens to its type. */
  emit(eventType: string, resourceType: string, resource: Record<string, unknown>, summary: string): WebhookEvent {
    const id = newId.event();
    const event: WebhookEvent = {
      id,
      event_version: '1.0',
      create_time: new Date(this.now() * 1000).toISOString(),
      resource_type: resourceType,
      resource_version: resourceType === 'sale' ? '1.0' : '2.0',
      event_type: eventType,
      summary,
      resource: structuredClone(resource),
      links: [
        this.link(`/v1/notifications/webhooks-events/${id}`, 'self', 'GET'),
        this.link(`/v1/notifications/webhooks-events/${id}/resend`, 'resend', 'POST'),
      ],
    };
    this.store.data.events[id] = event;
    this.store.changed();
    this.enqueue(event);
    return event;
  }

  /** Queues the event for every webhook with a URL that listens to it (or to one webhook); returns how many. */
  enqueue(event: WebhookEvent, webhookId?: string): number {
    const webhooks = Object.values(this.store.data.webhooks).filter(
      (webhook) =>
        webhook.url &&
        (webhookId ? webhook.id === webhookId : webhook.event_types.some((type) => type.name === '*' || type.name === event.event_type)),
    );
    for (const webhook of webhooks) this.deliveries.push({ eventId: event.id, webhookId: webhook.id, attempt: 1 });
    return webhooks.length;
  }

  /** One POST of the event, signed as PayPal signs: the receiver's answer is recorded. */
  private async deliver(job: DeliveryJob): Promise<boolean> {
    const event = this.store.data.events[job.eventId];
    const webhook = this.store.data.webhooks[job.webhookId];
    if (!event || !webhook?.url) return true;
    const payload = JSON.stringify(event);
    const transmissionId = newId.transmission();
    // Real time, as PayPal's: receivers that check freshness compare it with their own clock.
    const sentAt = Math.floor(Date.now() / 1000);
    const transmissionTime = iso(sentAt);
    const headers = {
      'PAYPAL-TRANSMISSION-ID': transmissionId,
      'PAYPAL-TRANSMISSION-TIME': transmissionTime,
      'PAYPAL-TRANSMISSION-SIG': signTransmission(this.store.data.signingKey!, signedMessage(transmissionId, transmissionTime, webhook.id, payload)),
      'PAYPAL-CERT-URL': this.certUrl(),
      'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
      'PAYPAL-AUTH-VERSION': 'v2',
    };
    const record: DeliveryRecord = {
      id: newId.delivery(),
      event: event.id,
      type: event.event_type,
      webhook: webhook.id,
      url: webhook.url,
      attempt: job.attempt,
      status: null,
      ok: false,
      error: null,
      sent_at: sentAt,
      duration_ms: 0,
      payload,
      headers,
      response_body: null,
    };
    return sendDelivery(record, {
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'PayPal/AUHD-214.0-58843289', ...headers },
      timeoutMs: this.options.webhookTimeoutMs,
      store: this.store,
      log: this.options.log,
    });
  }
}

import type Stripe from 'stripe';
import { AnswerHolds } from '../../local-double/holds.ts';
import { StripeError } from './errors.ts';
import { newId } from './ids.ts';
import type { Params } from './params.ts';
import { Store, type StoredObject } from './store.ts';
import { WebhookDelivery } from './webhooks.ts';

export interface StripeLocalOptions {
  /** The one secret key the API accepts (Bearer or Basic auth), like an account's test key. */
  secretKey: string;
  /** Where browsers reach this server, for checkout and invoice page links. */
  publicUrl: string;
  /** The account's default API version: events and requests without `Stripe-Version` use it. */
  apiVersion: string;
  /** Days between payment retries of a failed renewal (Stripe's retry schedule), then the final action. */
  paymentRetryDays: number[];
  /** What happens to a subscription when its last payment retry fails (Stripe's billing setting). */
  afterFinalFailure: 'cancel' | 'unpaid' | 'past_due';
  webhookRetryDelaysMs: number[];
  webhookTimeoutMs: number;
  statePath?: string;
  log: (line: string) => void;
}

/** What Stripe records on an event about the API request that caused it. */
export interface RequestInfo {
  id: string | null;
  idempotency_key: string | null;
}

/** What a route handler gets: the server, the request's parameters and path ids. */
export interface Ctx {
  app: StripeLocal;
  params: Params;
  path: Record<string, string>;
  request: RequestInfo;
  apiVersion: string;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  handler: (ctx: Ctx) => unknown;
}

/** Renders stored objects in their API form; provided by resources/registry.ts. */
export interface Presenter {
  present(app: StripeLocal, object: StoredObject): object;
}

export const NO_REQUEST: RequestInfo = { id: null, idempotency_key: null };

/** The server's state, clock and event machinery, shared by every resource module. */
export class StripeLocal {
  readonly options: StripeLocalOptions;
  readonly store: Store;
  readonly webhooks: WebhookDelivery;
  /** Answers a test holds back on their way out (`/_test/holds`): in memory only, like the connections. */
  readonly holds = new AnswerHolds();
  private readonly presenter: Presenter;
  /** Events of the request being handled, sent only if it succeeds. */
  private unsent: Stripe.Event[] | null = null;

  constructor(options: StripeLocalOptions, presenter: Presenter) {
    this.options = options;
    this.presenter = presenter;
    this.store = new Store(options.statePath);
    this.webhooks = new WebhookDelivery(this.store, {
      retryDelaysMs: options.webhookRetryDelaysMs,
      timeoutMs: options.webhookTimeoutMs,
      log: options.log,
    });
  }

  now(): number {
    return this.store.now();
  }

  present<T extends object>(object: StoredObject): T {
    return this.presenter.present(this, object) as T;
  }

  /**
   * Records an event about `object` as it is now and queues its webhook deliveries. With `before`
   * (the object's API form before the change), `data.previous_attributes` holds the old values
   * of the top-level fields that changed, as Stripe's `*.updated` events do.
   */
  emit(type: Stripe.Event.Type, object: StoredObject, options: { before?: object; request?: RequestInfo } = {}): Stripe.Event {
    const current = this.present<Record<string, unknown>>(object);
    const data: Stripe.Event.Data = { object: current as Stripe.Event.Data.Object };
    if (options.before) {
      const previous: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(options.before)) {
        if (JSON.stringify(value) !== JSON.stringify(current[key])) previous[key] = value;
      }
      data.previous_attributes = previous as Stripe.Event.Data.PreviousAttributes;
    }
    const event = {
      id: newId.long('evt'),
      object: 'event',
      api_version: this.options.apiVersion,
      created: this.now(),
      data,
      livemode: false,
      pending_webhooks: 0,
      request: options.request ?? NO_REQUEST,
      type,
    } as Stripe.Event;
    this.store.insert('event', event);
    if (this.unsent) this.unsent.push(event);
    else event.pending_webhooks = this.webhooks.enqueue(event);
    return event;
  }

  /**
   * Runs one request's work all or nothing, as Stripe does: when it fails (an unknown parameter
   * noticed late, a missing object) the state is put back and no event is sent. A card decline
   * (402) is kept, because on Stripe the failed attempt happened and was recorded.
   */
  transaction<T>(work: () => T): T {
    const { deliveries, ...rest } = this.store.data;
    const snapshot = structuredClone(rest);
    this.unsent = [];
    const send = () => {
      const events = this.unsent ?? [];
      this.unsent = null;
      for (const event of events) event.pending_webhooks = this.webhooks.enqueue(event);
    };
    try {
      const result = work();
      send();
      return result;
    } catch (error) {
      if (error instanceof StripeError && error.status === 402) {
        send();
      } else {
        this.unsent = null;
        this.store.data = { ...snapshot, deliveries: this.store.data.deliveries };
        this.store.changed();
      }
      throw error;
    }
  }
}

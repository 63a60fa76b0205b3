import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Plan, Product, Subscription, Transaction, Webhook, WebhookEvent } from './types.ts';

/** One attempt to deliver one event to one webhook, with what the receiver answered. */
export interface DeliveryRecord {
  id: string;
  event: string;
  type: string;
  webhook: string;
  url: string;
  attempt: number;
  /** HTTP status of the receiver's answer; null when it could not be reached. */
  status: number | null;
  ok: boolean;
  error: string | null;
  /** Unix seconds (real time, as the transmission time) when the attempt was made. */
  sent_at: number;
  duration_ms: number;
  /** The exact body and PAYPAL-* headers sent, for replaying or tampering with a delivery by hand. */
  payload: string;
  headers: Record<string, string>;
  response_body: string | null;
}

/** A payer's pending approval behind an `approve` link: a new subscription or a plan change. */
export interface Approval {
  token: string;
  subscription: string;
  kind: 'subscribe' | 'revise';
  /** The plan a revision switches to. */
  plan_id?: string;
  return_url?: string;
  cancel_url?: string;
  brand_name?: string;
  done: boolean;
}

/** A failed payment PayPal will try again (`auto_bill_outstanding`), up to twice, 5 days apart. */
export interface Retry {
  at: number;
  left: number;
}

export interface StateData {
  format: 1;
  /** Seconds the simulated clock runs ahead of the real one (`/_test/clock/advance`). */
  clockOffset: number;
  products: Record<string, Product>;
  plans: Record<string, Plan>;
  subscriptions: Record<string, Subscription>;
  transactions: Record<string, Transaction[]>;
  approvals: Record<string, Approval>;
  retries: Record<string, Retry>;
  /** Charges still to fail, per subscription (-1: every one), set by the approve page or a test control. */
  failingPayments: Record<string, number>;
  webhooks: Record<string, Webhook>;
  events: Record<string, WebhookEvent>;
  deliveries: DeliveryRecord[];
  /** The RSA key deliveries are signed with (PKCS#8 PEM), kept so old deliveries still verify after a restart. */
  signingKey: string | null;
}

function emptyState(): StateData {
  return {
    format: 1,
    clockOffset: 0,
    products: {},
    plans: {},
    subscriptions: {},
    transactions: {},
    approvals: {},
    retries: {},
    failingPayments: {},
    webhooks: {},
    events: {},
    deliveries: [],
    signingKey: null,
  };
}

/**
 * The server's state, in memory. With a file path it is loaded at start and written (debounced)
 * after changes, so a server run by hand keeps its plans and subscriptions across restarts.
 */
export class Store {
  data: StateData;
  private readonly path: string | undefined;
  private saveTimer: NodeJS.Timeout | undefined;
  /** While the clock machinery runs a due renewal, "now" is that moment, not the wall clock. */
  private pinned: number | null = null;

  constructor(path?: string) {
    this.path = path;
    this.data = path && existsSync(path) ? { ...emptyState(), ...(JSON.parse(readFileSync(path, 'utf8')) as StateData) } : emptyState();
  }

  /** Unix seconds on the simulated clock. */
  now(): number {
    return this.pinned ?? Math.floor(Date.now() / 1000) + this.data.clockOffset;
  }

  at<T>(at: number, work: () => T): T {
    const previous = this.pinned;
    this.pinned = at;
    try {
      return work();
    } finally {
      this.pinned = previous;
    }
  }

  /** Forgets everything but the signing key and the webhooks (configuration, not state). */
  reset(): void {
    const { signingKey, webhooks } = this.data;
    this.data = { ...emptyState(), signingKey, webhooks };
    this.changed();
  }

  changed(): void {
    if (!this.path || this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.flush(), 200);
    this.saveTimer.unref();
  }

  flush(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.path) return;
    try {
      writeFileSync(`${this.path}.tmp`, JSON.stringify(this.data));
      renameSync(`${this.path}.tmp`, this.path);
    } catch (error) {
      console.error(`paypal-local: could not save ${this.path}: ${(error as Error).message}`);
    }
  }
}

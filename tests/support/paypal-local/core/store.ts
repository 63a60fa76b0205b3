import { type ClockState, PersistedStore } from '../../local-double/store.ts';
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

export interface StateData extends ClockState {
  format: 1;
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

/** The server's state and simulated clock. */
export class Store extends PersistedStore<StateData> {
  constructor(path?: string) {
    super('paypal-local', emptyState, path);
  }

  /** Forgets everything but the signing key and the webhooks (configuration, not state). */
  override reset(): void {
    const { signingKey, webhooks } = this.data;
    this.data = { ...this.empty(), signingKey, webhooks };
    this.changed();
  }
}

import type { DeliveryAttempt } from '../../local-double/delivery.ts';
import { type ClockState, PersistedStore } from '../../local-double/store.ts';
import type { Plan, Product, Refund, Subscription, Transaction, Webhook, WebhookEvent } from './types.ts';

/** A delivery to one of the webhooks, with the PAYPAL-* headers that sign it (to replay or tamper with by hand). */
export interface DeliveryRecord extends DeliveryAttempt {
  webhook: string;
  headers: Record<string, string>;
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
  refunds: Record<string, Refund>;
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
    refunds: {},
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

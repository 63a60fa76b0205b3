import type Stripe from 'stripe';
import type { DeliveryAttempt } from '../../local-double/delivery.ts';
import { type ClockState, PersistedStore } from '../../local-double/store.ts';
import { errors } from './errors.ts';

/** Every kind of object the server keeps, by Stripe's `object` name. */
export interface Collections {
  product: Record<string, Stripe.Product>;
  price: Record<string, Stripe.Price>;
  customer: Record<string, Stripe.Customer>;
  payment_method: Record<string, Stripe.PaymentMethod>;
  setup_intent: Record<string, Stripe.SetupIntent>;
  'checkout.session': Record<string, Stripe.Checkout.Session>;
  subscription: Record<string, Stripe.Subscription>;
  invoice: Record<string, Stripe.Invoice>;
  credit_note: Record<string, Stripe.CreditNote>;
  refund: Record<string, Stripe.Refund>;
  event: Record<string, Stripe.Event>;
  webhook_endpoint: Record<string, Stripe.WebhookEndpoint>;
}
export type ObjectType = keyof Collections;
export type StoredObject = Collections[ObjectType][string];

const OBJECT_TYPES: ObjectType[] = [
  'product',
  'price',
  'customer',
  'payment_method',
  'setup_intent',
  'checkout.session',
  'subscription',
  'invoice',
  'credit_note',
  'refund',
  'event',
  'webhook_endpoint',
];

/** How a test card behaves when charged (the PaymentMethod object itself keeps only last4, as Stripe's does). */
export type CardBehaviour = 'succeeds' | 'charge_fails' | 'declined' | 'insufficient_funds';

/** A proration not yet invoiced: Stripe's pending invoice item, billed with the next invoice. */
export interface PendingItem {
  id: string;
  subscription: string;
  subscription_item: string;
  price: string;
  quantity: number;
  amount: number;
  currency: string;
  description: string;
  period: { start: number; end: number };
  created: number;
}

/** A delivery to one of the webhook endpoints, with its `Stripe-Signature` header. */
export interface DeliveryRecord extends DeliveryAttempt {
  endpoint: string;
  signature: string;
}

/** What a Checkout Session will subscribe to when paid: kept beside the Session, which shows only Stripe's fields. */
export interface CheckoutPlan {
  lineItems: Stripe.LineItem[];
  subscriptionMetadata: Stripe.Metadata;
  trialDays: number | null;
  description: string | null;
}

export interface StateData extends ClockState {
  format: 1;
  objects: Collections;
  cards: Record<string, CardBehaviour>;
  /** Pending prorations by subscription id. */
  pendingItems: Record<string, PendingItem[]>;
  /** Signing secrets by webhook endpoint id; Stripe shows them once, so they live outside the object. */
  webhookSecrets: Record<string, string>;
  deliveries: DeliveryRecord[];
  checkoutPlans: Record<string, CheckoutPlan>;
  /** Ids of deleted customers and products: Stripe still answers them with `{ id, object, deleted: true }`. */
  deleted: Record<string, ObjectType>;
}

function emptyState(): StateData {
  return {
    format: 1,
    clockOffset: 0,
    objects: Object.fromEntries(OBJECT_TYPES.map((type) => [type, {}])) as unknown as Collections,
    cards: {},
    pendingItems: {},
    webhookSecrets: {},
    deliveries: [],
    deleted: {},
    checkoutPlans: {},
  };
}

/** The server's state and simulated clock, with the lookups by Stripe object type the resources use. */
export class Store extends PersistedStore<StateData> {
  constructor(path?: string) {
    super('stripe-local', emptyState, path);
    // A state file from before a kind of object was kept has none of them.
    for (const type of OBJECT_TYPES) (this.data.objects as unknown as Record<string, object>)[type] ??= {};
  }

  insert<T extends ObjectType>(type: T, object: Collections[T][string]): Collections[T][string] {
    (this.data.objects[type] as Record<string, StoredObject>)[object.id] = object;
    this.changed();
    return object;
  }

  get<T extends ObjectType>(type: T, id: string): Collections[T][string] | undefined {
    return (this.data.objects[type] as Record<string, Collections[T][string]>)[id];
  }

  /** The object, or Stripe's "No such ..." error (404 on a path id, 400 when a parameter names it). */
  require<T extends ObjectType>(type: T, id: string, param = 'id', kind: string = type): Collections[T][string] {
    const found = this.get(type, id);
    if (!found) throw errors.noSuch(kind, id, param);
    return found;
  }

  remove(type: ObjectType, id: string): void {
    delete (this.data.objects[type] as Record<string, StoredObject>)[id];
    this.data.deleted[id] = type;
    this.changed();
  }

  /** Newest first, as Stripe lists. */
  all<T extends ObjectType>(type: T): Collections[T][string][] {
    return (Object.values(this.data.objects[type]) as Collections[T][string][]).reverse();
  }

  /** Any stored object by id, whatever its type (for `expand[]`). */
  find(id: string): { type: ObjectType; object: StoredObject } | undefined {
    for (const type of OBJECT_TYPES) {
      const object = (this.data.objects[type] as Record<string, StoredObject>)[id];
      if (object) return { type, object };
    }
    return undefined;
  }
}

import type Stripe from 'stripe';
import type { Presenter, Route, StripeLocal } from '../core/app.ts';
import type { ExpandHooks } from '../core/expand.ts';
import { fullList } from '../core/list.ts';
import type { StoredObject } from '../core/store.ts';
import { adaptToVersion } from '../core/versions.ts';
import { checkoutSessionRoutes } from './checkout-sessions.ts';
import { creditNoteRoutes } from './credit-notes.ts';
import { customerRoutes } from './customers.ts';
import { eventRoutes } from './events.ts';
import { invoiceRoutes } from './invoices.ts';
import { paymentMethodRoutes } from './payment-methods.ts';
import { priceRoutes } from './prices.ts';
import { productRoutes } from './products.ts';
import { setupIntentRoutes } from './setup-intents.ts';
import { presentSubscription, subscriptionRoutes } from './subscriptions.ts';
import { webhookEndpointRoutes } from './webhook-endpoints.ts';

/** The Stripe API this server answers, one module per resource. */
export const apiRoutes: Route[] = [
  ...productRoutes,
  ...priceRoutes,
  ...customerRoutes,
  ...paymentMethodRoutes,
  ...setupIntentRoutes,
  ...checkoutSessionRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...creditNoteRoutes,
  ...eventRoutes,
  ...webhookEndpointRoutes,
];

/** Stored objects in their API form: a copy, with embedded objects (a subscription's prices) as they are now. */
export const presenter: Presenter = {
  present(app: StripeLocal, object: StoredObject): object {
    if (object.object === 'subscription') return presentSubscription(app, object as Stripe.Subscription);
    return structuredClone(object);
  },
};

/** What `expand[]` may replace: any stored object by id, plus fields that exist only when expanded. */
export function expandHooks(app: StripeLocal, apiVersion: string): ExpandHooks {
  return {
    lookup(id) {
      const found = app.store.find(id);
      if (found) return adaptToVersion(app.present(found.object), apiVersion);
      if (app.store.data.deleted[id]) return { id, object: app.store.data.deleted[id], deleted: true };
      return undefined;
    },
    include(owner, field) {
      if (owner.object === 'checkout.session' && field === 'line_items') {
        const id = owner.id as string;
        return fullList(app.store.data.checkoutPlans[id]?.lineItems ?? [], `/v1/checkout/sessions/${id}/line_items`);
      }
      if (owner.object === 'customer' && field === 'subscriptions') {
        const id = owner.id as string;
        const subscriptions = app.store
          .all('subscription')
          .filter((subscription) => subscription.customer === id && subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired')
          .map((subscription) => adaptToVersion(app.present(subscription), apiVersion));
        return fullList(subscriptions, `/v1/customers/${id}/subscriptions`);
      }
      return undefined;
    },
  };
}

import type { SubscriptionRow } from '@app/db';
import * as stripeBillingRepository from '@app/db/billing/stripe-billing';
import type { AppDeps } from '../context.ts';
import { MalformedRequestError, UnavailableError } from '../common/errors.ts';
import type { WebhookDelivery } from './payment-provider.ts';
import { recordBillingEvent } from './provider-state.ts';
import { idOf, NOT_SET_UP, stripeGateway, type Stripe } from './stripe-gateway.ts';
import { applySetupSession, syncStripeSubscription } from './stripe-subscription-sync.ts';

/** A Stripe id of this kind, or null: an event's fields are checked before any is sent back to Stripe. */
function stripeId(value: unknown, prefix: string): string | null {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value;
  return typeof id === 'string' && id.startsWith(prefix) && /^[A-Za-z0-9_]{4,255}$/.test(id) ? id : null;
}

function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  return stripeId(invoice.parent?.subscription_details?.subscription, 'sub_');
}

/** Whom to tell of a failed payment: the user of the invoice's customer, with the plan the event's subscription is on. */
async function payerOf(deps: AppDeps, invoice: Stripe.Invoice, row: SubscriptionRow | undefined) {
  const customer = idOf(invoice.customer);
  const userId = customer ? await stripeBillingRepository.userOfStripeCustomer(deps.db, customer) : undefined;
  return userId === undefined ? undefined : { userId, productId: row?.product_id ?? null };
}

/**
 * What an event changes: always the subscription's state as Stripe has it now, whatever the event's
 * copy says, stored with the event's record (syncStripeSubscription); an event about nothing of
 * ours is only recorded.
 */
async function processEvent(deps: AppDeps, stripe: Stripe, event: Stripe.Event): Promise<{ replayed: boolean; row?: SubscriptionRow }> {
  const recorded = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = stripeId(session.subscription, 'sub_');
      if (session.mode === 'setup') return (await applySetupSession(deps, stripe, session, recorded)) ?? recordBillingEvent(deps.db, recorded);
      if (session.mode === 'subscription' && subscriptionId) return syncStripeSubscription(deps, stripe, subscriptionId, { event: recorded });
      break;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed': {
      const subscriptionId = stripeId(event.data.object, 'sub_');
      if (subscriptionId) return syncStripeSubscription(deps, stripe, subscriptionId, { event: recorded });
      break;
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscription(event.data.object);
      if (subscriptionId) return syncStripeSubscription(deps, stripe, subscriptionId, { event: recorded });
      break;
    }
    default:
      break;
  }
  return recordBillingEvent(deps.db, recorded);
}

/**
 * Checks a delivery is Stripe's: its signature over the exact body, with the endpoint's secret (a
 * missing or wrong one changes nothing: 400). What it acts on is re-read from Stripe, so events may
 * come in any order.
 */
export async function verifyStripeWebhook(deps: AppDeps, rawBody: string, header: (name: string) => string | undefined): Promise<WebhookDelivery> {
  const gateway = await stripeGateway(deps);
  if (!gateway?.webhookSecret) throw new UnavailableError(NOT_SET_UP);
  const signature = header('Stripe-Signature');
  if (!signature) throw new MalformedRequestError('The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = gateway.stripe.webhooks.constructEvent(rawBody, signature, gateway.webhookSecret);
  } catch {
    throw new MalformedRequestError('The webhook signature is not valid.');
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.object !== 'object' || event.data.object === null) {
    throw new MalformedRequestError('This is not a Stripe event.');
  }
  const verified = event;
  return {
    event: { id: verified.id, type: verified.type },
    act: () => processEvent(deps, gateway.stripe, verified),
    failedPayment: verified.type === 'invoice.payment_failed' ? (row) => payerOf(deps, verified.data.object, row) : undefined,
  };
}

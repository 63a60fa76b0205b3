import type { SubscriptionRow } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as stripeBillingRepository from '@app/db/billing/stripe-billing';
import type { AppDeps } from '../context.ts';
import { MalformedRequestError, UnavailableError } from '../common/errors.ts';
import { notifyPaymentFailed } from '../notifications/notifications.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { recordBillingEvent } from './provider-state.ts';
import { idOf, isMissing, NOT_SET_UP, stripeFailure, stripeGateway, type Stripe } from './stripe-gateway.ts';
import { applySetupSession, syncStripeSubscription } from './stripe-subscription-sync.ts';

export type WebhookResult = { received: true; duplicate?: true };

/** A Stripe id of this kind, or null: an event's fields are checked before any is sent back to Stripe. */
function stripeId(value: unknown, prefix: string): string | null {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value;
  return typeof id === 'string' && id.startsWith(prefix) && /^[A-Za-z0-9_]{4,255}$/.test(id) ? id : null;
}

function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  return stripeId(invoice.parent?.subscription_details?.subscription, 'sub_');
}

async function mailPaymentFailed(deps: AppDeps, invoice: Stripe.Invoice, productId: number | null | undefined): Promise<void> {
  const customer = idOf(invoice.customer);
  const userId = customer ? await stripeBillingRepository.userOfStripeCustomer(deps.db, customer) : undefined;
  const user = userId === undefined ? undefined : await usersRepository.findUserById(deps.db, userId);
  if (!user) return;
  const product = productId ? await stripeBillingRepository.findProduct(deps.db, productId) : undefined;
  const siteName = (await loadSettings(deps.db))['branding.site_name'];
  await notifyPaymentFailed(deps, user.id, siteName, product?.name ?? null);
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
 * A webhook delivery from Stripe: the signature over the exact body is checked with the endpoint's
 * secret (a missing or wrong one changes nothing: 400), each event is acted on once (its id is
 * recorded in the transaction that writes its effect; a replay is acknowledged without effect), and
 * what it acts on is re-read from Stripe, so events may come in any order. A failure while acting,
 * or a process that dies meanwhile, leaves the event unrecorded for Stripe's next delivery.
 */
export async function receiveStripeWebhook(deps: AppDeps, rawBody: string, signature: string | undefined): Promise<WebhookResult> {
  const gateway = await stripeGateway(deps);
  if (!gateway?.webhookSecret) throw new UnavailableError(NOT_SET_UP);
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
  if (await stripeBillingRepository.billingEventRecorded(deps.db, event.id)) return { received: true, duplicate: true };
  let result: { replayed: boolean; row?: SubscriptionRow };
  try {
    result = await processEvent(deps, gateway.stripe, event);
  } catch (error) {
    // An object deleted since (or never ours) leaves nothing to do; trying again would not help.
    if (isMissing(error)) return { received: true };
    throw stripeFailure(error);
  }
  if (result.replayed) return { received: true, duplicate: true };
  if (event.type === 'invoice.payment_failed') await mailPaymentFailed(deps, event.data.object, result.row?.product_id);
  return { received: true };
}

import type { SubscriptionRow } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as stripeBillingRepository from '@app/db/billing/stripe-billing';
import type { AppDeps } from '../context.ts';
import { MalformedRequestError, UnavailableError } from '../common/errors.ts';
import { notifyPaymentFailed } from '../notifications/notifications.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { PAYPAL_SUBSCRIPTION_ID, syncPayPalSubscription } from './paypal-subscription-sync.ts';
import { isPayPalError, isPayPalMissing, paypalFailure, paypalGateway, type PayPalClient, type WebhookHeaders } from './paypal-gateway.ts';
import { type BillingEvent, recordBillingEvent } from './provider-state.ts';
import { NOT_SET_UP } from './stripe-gateway.ts';
import type { WebhookResult } from './stripe-webhooks.ts';

/** The events this site acts on; others are acknowledged and ignored. */
export const PAYPAL_WEBHOOK_EVENTS = [
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'BILLING.SUBSCRIPTION.UPDATED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
  'BILLING.SUBSCRIPTION.EXPIRED',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
  'PAYMENT.SALE.COMPLETED',
] as const;

/** The headers PayPal signs a delivery with; all are needed to check it. */
export function webhookHeaders(header: (name: string) => string | undefined): WebhookHeaders | null {
  const headers = {
    authAlgo: header('paypal-auth-algo'),
    certUrl: header('paypal-cert-url'),
    transmissionId: header('paypal-transmission-id'),
    transmissionSig: header('paypal-transmission-sig'),
    transmissionTime: header('paypal-transmission-time'),
  };
  return Object.values(headers).every((value) => typeof value === 'string' && value.length > 0 && value.length <= 2048) ? (headers as WebhookHeaders) : null;
}

function subscriptionIdOf(value: unknown): string | null {
  return typeof value === 'string' && PAYPAL_SUBSCRIPTION_ID.test(value) ? value : null;
}

async function mailPaymentFailed(deps: AppDeps, row: SubscriptionRow): Promise<void> {
  const user = await usersRepository.findUserById(deps.db, row.user_id);
  if (!user) return;
  const product = row.product_id ? await stripeBillingRepository.findProduct(deps.db, row.product_id) : undefined;
  const siteName = (await loadSettings(deps.db))['branding.site_name'];
  await notifyPaymentFailed(deps, user.id, siteName, product?.name ?? null);
}

/**
 * What an event changes: always the subscription as PayPal has it now, whatever the event's copy
 * says, stored with the event's record (syncPayPalSubscription); any other event is only recorded.
 */
async function processEvent(deps: AppDeps, paypal: PayPalClient, event: BillingEvent, resource: Record<string, unknown>): Promise<{ replayed: boolean; row?: SubscriptionRow }> {
  if (!(PAYPAL_WEBHOOK_EVENTS as readonly string[]).includes(event.type)) return recordBillingEvent(deps.db, event);
  // A sale names its subscription as the billing agreement; subscription events are the subscription.
  const subscriptionId = subscriptionIdOf(event.type === 'PAYMENT.SALE.COMPLETED' ? resource.billing_agreement_id : resource.id);
  if (!subscriptionId) return recordBillingEvent(deps.db, event);
  return syncPayPalSubscription(deps, paypal, subscriptionId, { event });
}

/**
 * A webhook delivery from PayPal: PayPal itself checks it (verify-webhook-signature, against the id
 * of the webhook registered for this site), so an unsigned, altered or foreign event changes nothing
 * (400); each event is acted on once (its id is recorded in the transaction that writes its effect;
 * a replay is acknowledged without effect), and the subscription it names is re-read from PayPal, so
 * events may come in any order. A failure while acting, or a process that dies meanwhile, leaves the
 * event unrecorded for PayPal's next delivery.
 */
export async function receivePayPalWebhook(deps: AppDeps, rawBody: string, header: (name: string) => string | undefined): Promise<WebhookResult> {
  const gateway = await paypalGateway(deps);
  if (!gateway?.webhookId) throw new UnavailableError(NOT_SET_UP);
  const headers = webhookHeaders(header);
  if (!headers) throw new MalformedRequestError('The webhook signature is not valid.');
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new MalformedRequestError('This is not a PayPal event.');
  }
  if (typeof event !== 'object' || event === null || Array.isArray(event)) throw new MalformedRequestError('This is not a PayPal event.');
  let verified: boolean;
  try {
    verified = await gateway.paypal.verifyWebhookSignature(headers, gateway.webhookId, rawBody);
  } catch (error) {
    // PayPal refusing the check itself (a malformed header, say) is a bad delivery; unreachable is a 503 and PayPal retries.
    if (isPayPalError(error) && (error.status === 400 || error.status === 422)) throw new MalformedRequestError('The webhook signature is not valid.');
    throw paypalFailure(error);
  }
  if (!verified) throw new MalformedRequestError('The webhook signature is not valid.');
  const { id, event_type: type, resource } = event as { id?: unknown; event_type?: unknown; resource?: unknown };
  if (typeof id !== 'string' || id.length > 255 || typeof type !== 'string' || typeof resource !== 'object' || resource === null) throw new MalformedRequestError('This is not a PayPal event.');
  if (await stripeBillingRepository.billingEventRecorded(deps.db, id)) return { received: true, duplicate: true };
  let result: { replayed: boolean; row?: SubscriptionRow };
  try {
    result = await processEvent(deps, gateway.paypal, { id, type }, resource as Record<string, unknown>);
  } catch (error) {
    // A subscription PayPal does not know (another merchant's) leaves nothing to do; trying again would not help.
    if (isPayPalMissing(error)) return { received: true };
    throw paypalFailure(error);
  }
  if (result.replayed) return { received: true, duplicate: true };
  if (type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED' && result.row) await mailPaymentFailed(deps, result.row);
  return { received: true };
}

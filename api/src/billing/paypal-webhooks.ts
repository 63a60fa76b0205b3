import type { SubscriptionRow } from '@app/db';
import type { AppDeps } from '../context.ts';
import { MalformedRequestError, UnavailableError } from '../common/errors.ts';
import type { WebhookDelivery } from './payment-provider.ts';
import { PAYPAL_SUBSCRIPTION_ID, syncPayPalSubscription } from './paypal-subscription-sync.ts';
import { isPayPalError, paypalFailure, paypalGateway, type PayPalClient, type WebhookHeaders } from './paypal-gateway.ts';
import { type BillingEvent, recordBillingEvent } from './provider-state.ts';
import { NOT_SET_UP } from './stripe-gateway.ts';

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
 * Checks a delivery is PayPal's: PayPal itself checks it (verify-webhook-signature, against the id
 * of the webhook registered for this site), so an unsigned, altered or foreign event changes nothing
 * (400). The subscription it names is re-read from PayPal, so events may come in any order.
 */
export async function verifyPayPalWebhook(deps: AppDeps, rawBody: string, header: (name: string) => string | undefined): Promise<WebhookDelivery> {
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
  return {
    event: { id, type },
    act: () => processEvent(deps, gateway.paypal, { id, type }, resource as Record<string, unknown>),
    failedPayment: type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED' ? async (row) => (row ? { userId: row.user_id, productId: row.product_id } : undefined) : undefined,
  };
}

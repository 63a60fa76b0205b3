import type { PriceRow, ProductRow, SubscriptionRow } from '@app/db';
import type { AppDeps } from '../context.ts';
import type { DomainError } from '../common/errors.ts';
import { paypalProvider } from './paypal-provider.ts';
import type { BillingEvent, SyncResult } from './provider-state.ts';
import { stripeProvider } from './stripe-provider.ts';
import type { SubscriptionView } from './subscription-view.ts';
import type { UserAccount } from '../accounts/signed-in-user.ts';

/** The providers that take payments: a subscription's `gateway`, unless it was granted in the back office ('none'). */
export type PaymentProviderName = Exclude<SubscriptionRow['gateway'], 'none'>;

/** A plan and one of its paid prices, checked by the billing service before any provider sees them. */
export interface PlanChoice {
  product: ProductRow;
  price: PriceRow;
}

export interface PlanChangePreview {
  amount_due: number;
  currency: string;
  lines: { description: string; amount: number }[];
  next_payment_at: string | null;
}

/** A price the provider would not take, with the field of the plan form it is about. */
export interface RefusedPrice {
  priceId: number;
  field: 'amount' | 'currency' | 'interval' | null;
  message: string;
}

export interface InvoiceView {
  id: string;
  number: string | null;
  created_at: string;
  amount: number;
  currency: string;
  status: string | null;
  url: string | null;
}

/** A webhook delivery the provider vouched for, ready to act on. */
export interface WebhookDelivery {
  event: BillingEvent;
  /**
   * Reads what the event is about from the provider, never trusting the event's copy, and stores it
   * with the event's record (provider-state.ts); an event about nothing of ours is only recorded.
   */
  act(): Promise<{ replayed: boolean; row?: SubscriptionRow }>;
  /** For an event saying a payment failed: whom to tell, and the plan, once `act` has stored `row`. */
  failedPayment?(row: SubscriptionRow | undefined): Promise<{ userId: number; productId: number | null } | undefined>;
}

/**
 * What billing asks of a payment provider. The billing service checks the rules every provider
 * shares (which plan may be bought, one subscription that counts at a time, whose subscription it
 * is) and hands the rest to the provider the subscription or the checkout names; it never looks at
 * the name itself. A provider's subscriptions are stored through provider-state.ts, which makes
 * every provider's events idempotent and refunds a second subscription the same way.
 *
 * Each operation on a subscription gets the user's row that counts, with this provider as its
 * `gateway` and its id at the provider in `gateway_id`. The provider's own failures come out as
 * the domain errors of common/errors.ts (not set up or unreachable: UnavailableError).
 */
export interface PaymentProvider {
  /** The `gateway` of its subscriptions, also the name in its addresses (/billing/stripe/checkout). */
  readonly name: PaymentProviderName;
  /** Switched on with its credentials (Settings › Subscriptions or the environment): checkout offers it. */
  isSetUp(deps: AppDeps): Promise<boolean>;
  /** Starts paying for a plan's price: the provider's page to send the user to. */
  startCheckout(deps: AppDeps, user: UserAccount, choice: PlanChoice): Promise<{ url: string }>;
  /**
   * Reads and stores what a checkout made, when the user comes back to the done page with the
   * provider's reference of it (Stripe's Checkout Session id, PayPal's subscription id); undefined
   * when it made no subscription. Someone else's checkout is not found.
   */
  completeCheckout(deps: AppDeps, user: UserAccount, reference: string): Promise<SyncResult | undefined>;
  /** What moving to another plan would cost. */
  previewPlanChange(deps: AppDeps, user: UserAccount, row: SubscriptionRow, choice: PlanChoice): Promise<PlanChangePreview>;
  /** Moves to another plan; `url` is the provider's page when the payer must agree there first. */
  changePlan(deps: AppDeps, user: UserAccount, row: SubscriptionRow, choice: PlanChoice): Promise<{ subscription: SubscriptionView; url: string | null }>;
  /** Cancels, keeping the plan until the end of the period paid for. */
  cancel(deps: AppDeps, row: SubscriptionRow): Promise<SubscriptionView>;
  /** Undoes a cancellation before it takes effect, or says why the provider cannot. */
  renew(deps: AppDeps, row: SubscriptionRow): Promise<SubscriptionView>;
  /** The page where the user changes how they pay. */
  startPaymentMethodChange(deps: AppDeps, user: UserAccount, row: SubscriptionRow): Promise<{ url: string }>;
  /** Takes the payment method chosen on that page, coming back with the provider's reference of it. */
  completePaymentMethodChange(deps: AppDeps, user: UserAccount, row: SubscriptionRow, reference: string): Promise<SubscriptionView>;
  /** The user's invoices at this provider, in any order; none when there is nothing of theirs there. */
  listInvoices(deps: AppDeps, user: UserAccount): Promise<InvoiceView[]>;
  /**
   * Makes the provider's copy of a plan match ours (its product and one price per paid price; prices
   * cannot change there, so a changed one is made anew and the old one retired): the prices it refused.
   */
  syncPlan(deps: AppDeps, productId: number): Promise<RefusedPrice[]>;
  /** What the back office answers when saving a plan could not reach the provider, or it refused prices (by form field). */
  planSyncAnswers: { unreachable: () => DomainError; refused: (errors: Record<string, string>) => DomainError };
  /**
   * Checks a webhook delivery is the provider's own, from the exact bytes received and their
   * headers, and reads its event: 503 while its webhook is not set up, 400 for anything it does
   * not vouch for.
   */
  verifyWebhook(deps: AppDeps, rawBody: string, header: (name: string) => string | undefined): Promise<WebhookDelivery>;
  /** The provider answered that what was asked of it does not exist (a wrong or foreign id). */
  isMissing(error: unknown): boolean;
  /** What a failed call to the provider is answered with (a domain error); our own errors and bugs go on as they are. */
  failure(error: unknown): unknown;
}

/** Every provider by name, in the order checkout offers them and invoices are gathered. */
export const paymentProviders: Readonly<Record<PaymentProviderName, PaymentProvider>> = { stripe: stripeProvider, paypal: paypalProvider };

/** The provider a subscription is paid through; undefined for one granted in the back office. */
export function providerOf(subscription: Pick<SubscriptionRow, 'gateway'>): PaymentProvider | undefined {
  return Object.hasOwn(paymentProviders, subscription.gateway) ? paymentProviders[subscription.gateway as PaymentProviderName] : undefined;
}

import type { PayPalLocal } from '../core/app.ts';
import { newId } from '../core/ids.ts';
import { cycleStart, feeOf, iso, money, seconds, toMinor } from '../core/money.ts';
import type { Money, Subscription, Transaction } from '../core/types.ts';
import { regularCycle, requirePlan } from '../resources/plans.ts';
import { presentSubscription } from '../resources/subscriptions.ts';

const PAYER = { given_name: 'Test', surname: 'Buyer' };

export function billing(subscription: Subscription): NonNullable<Subscription['billing_info']> {
  return subscription.billing_info!;
}

export function priceOf(app: PayPalLocal, subscription: Subscription): Money {
  return regularCycle(requirePlan(app, subscription.plan_id)).pricing_scheme.fixed_price;
}

/** When billing cycle `n` (0 = the first payment) of the subscription falls due. */
export function cycleTime(app: PayPalLocal, subscription: Subscription, n: number): number {
  const { frequency } = regularCycle(requirePlan(app, subscription.plan_id));
  return cycleStart(seconds(subscription.start_time), frequency.interval_unit, frequency.interval_count, n);
}

/** The sale PayPal reports in PAYMENT.SALE.COMPLETED (the v1 Payments shape). */
export function presentSale(app: PayPalLocal, subscription: Subscription, transaction: Transaction) {
  const gross = transaction.amount_with_breakdown.gross_amount;
  return {
    id: transaction.id,
    state: transaction.status === 'REFUNDED' ? 'refunded' : transaction.status === 'PARTIALLY_REFUNDED' ? 'partially_refunded' : 'completed',
    amount: { total: gross.value, currency: gross.currency_code, details: { subtotal: gross.value } },
    payment_mode: 'INSTANT_TRANSFER',
    protection_eligibility: 'ELIGIBLE',
    protection_eligibility_type: 'ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE',
    transaction_fee: { value: transaction.amount_with_breakdown.fee_amount.value, currency: gross.currency_code },
    billing_agreement_id: subscription.id,
    ...(subscription.custom_id ? { custom: subscription.custom_id } : {}),
    create_time: transaction.time,
    update_time: transaction.time,
    links: [app.link(`/v1/payments/sale/${transaction.id}`, 'self', 'GET')],
  };
}

/** Whether the payer's funding source pays this charge (test controls can make it fail). */
function fundingPays(app: PayPalLocal, subscription: Subscription, initial: boolean): boolean {
  const failing = app.store.data.failingPayments[subscription.id];
  // PayPal's own page does not let a payer approve with a funding source that fails.
  if (initial || failing === undefined) return true;
  if (failing > 0) {
    if (failing === 1) delete app.store.data.failingPayments[subscription.id];
    else app.store.data.failingPayments[subscription.id] = failing - 1;
  }
  return false;
}

/**
 * Charges `amount` to the payer: a transaction (COMPLETED or DECLINED) and, when paid,
 * `last_payment`, a reset failure count and PAYMENT.SALE.COMPLETED; when declined,
 * `last_failed_payment` and BILLING.SUBSCRIPTION.PAYMENT.FAILED. Returns whether it was paid.
 */
export function charge(app: PayPalLocal, subscription: Subscription, amount: Money, options: { initial?: boolean; announce?: boolean } = {}): boolean {
  const paid = fundingPays(app, subscription, options.initial ?? false);
  const fee = paid ? feeOf(amount) : money(0, amount.currency_code);
  const transaction: Transaction = {
    id: newId.transaction(),
    status: paid ? 'COMPLETED' : 'DECLINED',
    amount_with_breakdown: { gross_amount: amount, fee_amount: fee, net_amount: money(toMinor(amount) - toMinor(fee), amount.currency_code) },
    payer_name: subscription.subscriber?.name?.given_name ? { given_name: subscription.subscriber.name.given_name, surname: subscription.subscriber.name.surname ?? '' } : PAYER,
    payer_email: subscription.subscriber?.email_address ?? '',
    time: app.nowIso(),
  };
  (app.store.data.transactions[subscription.id] ??= []).push(transaction);
  const info = billing(subscription);
  subscription.update_time = app.nowIso();
  if (paid) {
    info.last_payment = { amount, time: transaction.time };
    info.failed_payments_count = 0;
    delete info.last_failed_payment;
    app.store.changed();
    if (options.announce ?? true) announceSale(app, subscription);
    return true;
  }
  info.failed_payments_count += 1;
  info.last_failed_payment = { amount, time: transaction.time, reason_code: 'PAYMENT_DENIED' };
  app.store.changed();
  return false;
}

/** PAYMENT.SALE.COMPLETED for the subscription's latest transaction. */
export function announceSale(app: PayPalLocal, subscription: Subscription): void {
  const transaction = app.store.data.transactions[subscription.id].at(-1)!;
  const gross = transaction.amount_with_breakdown.gross_amount;
  app.emit('PAYMENT.SALE.COMPLETED', 'sale', presentSale(app, subscription, transaction), `Payment completed for ${gross.value} ${gross.currency_code}`);
}

/** Tells the receivers about a failed payment, after retry and suspension are settled in the object. */
export function reportFailure(app: PayPalLocal, subscription: Subscription): void {
  app.emit('BILLING.SUBSCRIPTION.PAYMENT.FAILED', 'subscription', presentSubscription(app, subscription), `Subscription payment failed for ${subscription.id}`);
}

export function nextBillingIso(app: PayPalLocal, subscription: Subscription): string {
  return iso(cycleTime(app, subscription, billing(subscription).cycle_executions[0].cycles_completed));
}

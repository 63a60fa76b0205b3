import type { Ctx, PayPalLocal, Route } from '../core/app.ts';
import { errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { money, readMoney, toMinor } from '../core/money.ts';
import type { Refund, Subscription, Transaction } from '../core/types.ts';

function findCapture(app: PayPalLocal, id: string): { subscription: Subscription; transaction: Transaction } | undefined {
  for (const [subscriptionId, transactions] of Object.entries(app.store.data.transactions)) {
    const transaction = transactions.find((candidate) => candidate.id === id);
    if (transaction) return { subscription: app.store.data.subscriptions[subscriptionId], transaction };
  }
  return undefined;
}

function refundedSoFar(app: PayPalLocal, captureId: string): number {
  return Object.values(app.store.data.refunds)
    .filter((refund) => refund.capture_id === captureId)
    .reduce((sum, refund) => sum + toMinor(refund.amount), 0);
}

function refundLinks(app: PayPalLocal, refund: Refund) {
  return [app.link(`/v2/payments/refunds/${refund.id}`, 'self', 'GET'), app.link(`/v2/payments/captures/${refund.capture_id}`, 'up', 'GET')];
}

/**
 * `POST /v2/payments/captures/{id}/refund` for a subscription's payment: all of what is left of it
 * without `amount`, or that much. The payment's transaction then reads REFUNDED (or
 * PARTIALLY_REFUNDED), and PAYMENT.SALE.REFUNDED is sent. Answers PayPal's minimal representation.
 */
function refundCapture(ctx: Ctx) {
  const { app } = ctx;
  const body = ctx.body.only(['amount', 'invoice_id', 'note_to_payer', 'payment_instruction']);
  if (body.has('payment_instruction')) throw errors.unsupported(body.field('payment_instruction'));
  const found = findCapture(app, ctx.path.id);
  if (!found) throw errors.notFound('INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');
  const { subscription, transaction } = found;
  const gross = transaction.amount_with_breakdown.gross_amount;
  if (transaction.status === 'DECLINED') throw errors.unprocessable('CAPTURE_STATUS_NOT_VALID', 'Invalid capture status. Only a completed capture can be refunded.');
  if (transaction.status === 'REFUNDED') throw errors.unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
  const left = toMinor(gross) - refundedSoFar(app, transaction.id);
  const requested = body.has('amount') ? readMoney(body.requiredObject('amount')) : money(left, gross.currency_code);
  if (requested.currency_code !== gross.currency_code) throw errors.unprocessable('REFUND_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.', '/amount/currency_code');
  if (toMinor(requested) <= 0) throw errors.invalidValue('/amount/value', requested.value, 'The refund amount must be positive.');
  if (toMinor(requested) > left) throw errors.unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.', '/amount/value');
  const invoiceId = body.string('invoice_id', { max: 127 });
  const note = body.string('note_to_payer', { max: 255 });

  const now = app.nowIso();
  const refunded = refundedSoFar(app, transaction.id) + toMinor(requested);
  const refund: Refund = {
    id: newId.refund(),
    capture_id: transaction.id,
    amount: requested,
    status: 'COMPLETED',
    ...(invoiceId ? { invoice_id: invoiceId } : {}),
    ...(note ? { note_to_payer: note } : {}),
    seller_payable_breakdown: {
      gross_amount: requested,
      // No part of the payment's fee is given back here.
      paypal_fee: money(0, gross.currency_code),
      net_amount: requested,
      total_refunded_amount: money(refunded, gross.currency_code),
    },
    create_time: now,
    update_time: now,
  };
  app.store.data.refunds[refund.id] = refund;
  transaction.status = refunded >= toMinor(gross) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  app.store.changed();
  app.emit(
    'PAYMENT.SALE.REFUNDED',
    'refund',
    {
      id: refund.id,
      state: 'completed',
      amount: { total: requested.value, currency: requested.currency_code },
      sale_id: transaction.id,
      billing_agreement_id: subscription.id,
      ...(subscription.custom_id ? { custom: subscription.custom_id } : {}),
      create_time: now,
      update_time: now,
      links: [app.link(`/v1/payments/refund/${refund.id}`, 'self', 'GET'), app.link(`/v1/payments/sale/${transaction.id}`, 'sale', 'GET')],
    },
    `A ${requested.value} ${requested.currency_code} sale payment was refunded`,
  );
  ctx.status = 201;
  return { id: refund.id, status: refund.status, links: refundLinks(app, refund) };
}

function getRefund(ctx: Ctx) {
  const refund = ctx.app.store.data.refunds[ctx.path.id];
  if (!refund) throw errors.notFound('INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');
  const { capture_id: _capture, ...shown } = structuredClone(refund);
  return { ...shown, links: refundLinks(ctx.app, refund) };
}

export const refundRoutes: Route[] = [
  { method: 'POST', path: '/v2/payments/captures/:id/refund', handler: refundCapture },
  { method: 'GET', path: '/v2/payments/refunds/:id', handler: getRefund },
];

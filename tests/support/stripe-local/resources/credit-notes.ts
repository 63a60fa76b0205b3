import type Stripe from 'stripe';
import type { Ctx, Route } from '../core/app.ts';
import { errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { createdFilter, fullList, paginate } from '../core/list.ts';

const REFUND_REASONS: Partial<Record<string, Stripe.Refund.Reason>> = { duplicate: 'duplicate', fraudulent: 'fraudulent' };

/**
 * `POST /v1/credit_notes` on a paid invoice (a post-payment credit note, by `amount`): the amount
 * is split between a refund of the invoice's payment (`refund_amount`), a credit to the customer's
 * balance (`credit_amount`) and money given back outside Stripe (`out_of_band_amount`), which must
 * add up to it, as on Stripe; the invoice counts it in `post_payment_credit_notes_amount`.
 */
function create(ctx: Ctx): Stripe.CreditNote {
  const { app, params: p } = ctx;
  const invoice = app.store.require('invoice', p.requiredString('invoice'), 'invoice');
  if (p.has('lines')) throw errors.unsupported('credit notes by line (lines); give amount', 'lines');
  if (p.has('shipping_cost')) throw errors.unsupported('credit notes of shipping (shipping_cost)', 'shipping_cost');
  if (p.has('refunds')) throw errors.unsupported('linking existing refunds (refunds); use refund_amount', 'refunds');
  if (p.has('effective_at')) throw errors.unsupported('effective_at', 'effective_at');
  const amount = p.int('amount', { min: 1 });
  if (amount === undefined) throw errors.invalidParam('amount', 'One of `amount`, `lines`, or `shipping_cost` must be provided.', 'parameter_missing');
  const refundAmount = p.int('refund_amount', { min: 0 }) ?? 0;
  const creditAmount = p.int('credit_amount', { min: 0 }) ?? 0;
  const outOfBand = p.int('out_of_band_amount', { min: 0 }) ?? 0;
  const reason = (p.oneOf('reason', ['duplicate', 'fraudulent', 'order_change', 'product_unsatisfactory']) ?? null) as Stripe.CreditNote.Reason | null;
  const memo = p.nullableString('memo') ?? null;
  const metadata = p.metadata('metadata') ?? {};
  p.oneOf('email_type', ['credit_note', 'none']);

  if (invoice.status === 'draft' || invoice.status === 'void' || invoice.status === 'uncollectible') {
    throw errors.state(`Credit notes can only be issued on open or paid invoices. This invoice is ${invoice.status}.`, 'invoice');
  }
  if (invoice.status !== 'paid') throw errors.unsupported('credit notes on unpaid invoices (pre-payment credit notes)', 'invoice');
  const creditable = invoice.amount_paid - invoice.post_payment_credit_notes_amount;
  if (amount > creditable) {
    throw errors.invalidParam('amount', `The credit note amount (${amount}) cannot exceed the invoice's remaining creditable amount (${creditable}).`, 'parameter_invalid_integer');
  }
  if (refundAmount + creditAmount + outOfBand !== amount) {
    throw errors.invalidParam(
      'refund_amount',
      `The sum of credit amount, refund amount and out of band amount (${refundAmount + creditAmount + outOfBand}) must equal the credit note amount (${amount}).`,
      'parameter_invalid_integer',
    );
  }

  const now = app.now();
  const customerId = invoice.customer as string;
  const customer = app.store.require('customer', customerId, 'customer');
  const id = newId.long('cn');
  const before = app.present(invoice);
  let refund: Stripe.Refund | undefined;
  if (refundAmount > 0) {
    refund = {
      id: newId.long('re'),
      object: 'refund',
      amount: refundAmount,
      balance_transaction: null,
      // No PaymentIntents or Charges here: the refund names neither (see the README).
      charge: null,
      created: now,
      currency: invoice.currency,
      customer: customerId,
      customer_account: null,
      metadata: {},
      payment_intent: null,
      payment_method: null,
      reason: (reason && REFUND_REASONS[reason]) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    app.store.insert('refund', refund);
  }
  if (creditAmount > 0) {
    const customerBefore = app.present(customer);
    // A negative balance is credit, applied to the next invoice.
    customer.balance -= creditAmount;
    app.emit('customer.updated', customer, { before: customerBefore, request: ctx.request });
  }
  const sequence = Object.values(app.store.data.objects.credit_note).filter((note) => note.invoice === invoice.id).length + 1;
  const creditNote: Stripe.CreditNote = {
    id,
    object: 'credit_note',
    amount,
    amount_shipping: 0,
    created: now,
    currency: invoice.currency,
    customer: customerId,
    customer_account: null,
    customer_balance_transaction: null,
    discount_amount: 0,
    discount_amounts: [],
    effective_at: now,
    invoice: invoice.id!,
    lines: fullList(
      [
        {
          id: newId.long('cnli'),
          object: 'credit_note_line_item',
          amount,
          description: memo ?? 'Credit',
          discount_amount: 0,
          discount_amounts: [],
          livemode: false,
          metadata: {},
          pretax_credit_amounts: [],
          quantity: 1,
          tax_rates: [],
          taxes: [],
          type: 'custom_line_item',
          unit_amount: amount,
          unit_amount_decimal: null,
        },
      ],
      `/v1/credit_notes/${id}/lines`,
    ),
    livemode: false,
    memo,
    metadata,
    number: `${invoice.number ?? invoice.id}-CN-${String(sequence).padStart(2, '0')}`,
    out_of_band_amount: outOfBand || null,
    pdf: `${app.options.publicUrl}/credit_notes/${id}/pdf`,
    post_payment_amount: amount,
    pre_payment_amount: 0,
    pretax_credit_amounts: [],
    reason,
    refunds: refund ? [{ amount_refunded: refund.amount, payment_record_refund: null, refund: refund.id, type: 'refund' }] : [],
    shipping_cost: null,
    status: 'issued',
    subtotal: amount,
    subtotal_excluding_tax: amount,
    total: amount,
    total_excluding_tax: amount,
    total_taxes: [],
    type: 'post_payment',
    voided_at: null,
  };
  invoice.post_payment_credit_notes_amount += amount;
  app.store.insert('credit_note', creditNote);
  app.emit('credit_note.created', creditNote, { request: ctx.request });
  if (refund) app.emit('refund.created', refund, { request: ctx.request });
  app.emit('invoice.updated', invoice, { before, request: ctx.request });
  return creditNote;
}

function list(ctx: Ctx) {
  const { app, params: p } = ctx;
  const invoice = p.string('invoice');
  const customer = p.string('customer');
  const created = createdFilter(p);
  const notes = app.store.all('credit_note').filter((note) => (!invoice || note.invoice === invoice) && (!customer || note.customer === customer) && created(note.created));
  return paginate(notes, p, '/v1/credit_notes');
}

function lines(ctx: Ctx) {
  const note = ctx.app.store.require('credit_note', ctx.path.id);
  return paginate(note.lines.data, ctx.params, `/v1/credit_notes/${note.id}/lines`);
}

function listRefunds(ctx: Ctx) {
  const { app, params: p } = ctx;
  if (p.has('charge') || p.has('payment_intent')) throw errors.unsupported('refunds by charge or payment intent (there are none here)', p.has('charge') ? 'charge' : 'payment_intent');
  const created = createdFilter(p);
  return paginate(
    app.store.all('refund').filter((refund) => created(refund.created)),
    p,
    '/v1/refunds',
  );
}

export const creditNoteRoutes: Route[] = [
  { method: 'POST', path: '/v1/credit_notes', handler: create },
  { method: 'GET', path: '/v1/credit_notes', handler: list },
  { method: 'GET', path: '/v1/credit_notes/:id', handler: (ctx) => ctx.app.store.require('credit_note', ctx.path.id) },
  { method: 'GET', path: '/v1/credit_notes/:id/lines', handler: lines },
  { method: 'GET', path: '/v1/refunds', handler: listRefunds },
  { method: 'GET', path: '/v1/refunds/:id', handler: (ctx) => ctx.app.store.require('refund', ctx.path.id) },
];

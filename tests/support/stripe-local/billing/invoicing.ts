import type Stripe from 'stripe';
import type { RequestInfo, StripeLocal } from '../core/app.ts';
import { newId } from '../core/ids.ts';
import { fullList } from '../core/list.ts';
import { decimal } from '../core/money.ts';
import { type ChargeFailure, chargeOutcome } from './cards.ts';

/** One line of an invoice before it is written in Stripe's shape. */
export interface LineDraft {
  amount: number;
  currency: string;
  description: string;
  period: { start: number; end: number };
  price: Stripe.Price;
  quantity: number;
  proration: boolean;
  subscription: string | null;
  subscription_item: string | null;
  /** Prorations are invoice items (`ii_...`) in Stripe; plain period charges have none. */
  invoice_item: string | null;
}

function lineItem(draft: LineDraft, invoiceId: string): Stripe.InvoiceLineItem {
  return {
    id: newId.long('il'),
    object: 'line_item',
    amount: draft.amount,
    currency: draft.currency,
    description: draft.description,
    discount_amounts: [],
    discountable: !draft.proration || draft.amount > 0,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: draft.subscription_item
      ? {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: draft.invoice_item,
            proration: draft.proration,
            proration_details: { credited_items: null },
            subscription: draft.subscription,
            subscription_item: draft.subscription_item,
          },
        }
      : null,
    period: draft.period,
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: draft.price.id, product: draft.price.product as string },
      unit_amount_decimal: decimal(draft.price.unit_amount ?? 0),
    },
    quantity: draft.quantity,
    quantity_decimal: decimal(draft.quantity),
    subscription: draft.subscription,
    subtotal: draft.amount,
    taxes: [],
  };
}

export interface InvoiceDraft {
  customer: Stripe.Customer;
  subscription: Stripe.Subscription | null;
  lines: LineDraft[];
  billingReason: Stripe.Invoice.BillingReason;
  periodStart: number;
  periodEnd: number;
  currency: string;
}

/**
 * Writes an invoice in Stripe's shape. A preview (`create_preview`) is a draft that is not
 * stored; otherwise the invoice is finalized at once: numbered from the customer's prefix, the
 * customer's credit balance applied (a negative total becomes credit for later invoices), and
 * `invoice.created` and `invoice.finalized` sent.
 */
export function createInvoice(app: StripeLocal, draft: InvoiceDraft, options: { preview?: boolean; request?: RequestInfo } = {}): Stripe.Invoice {
  const { customer, subscription } = draft;
  const now = app.now();
  const id = options.preview ? newId.long('upcoming_in') : newId.long('in');
  const total = draft.lines.reduce((sum, line) => sum + line.amount, 0);
  const startingBalance = customer.balance;
  const amountDue = Math.max(0, total + startingBalance);
  const invoice: Stripe.Invoice = {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'stripe-local',
    account_tax_ids: null,
    amount_due: amountDue,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amountDue,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: !options.preview,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: draft.billingReason,
    collection_method: 'charge_automatically',
    confirmation_secret: null,
    created: now,
    currency: draft.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: customer.address ?? null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: options.preview ? null : now,
    ending_balance: options.preview ? null : Math.min(0, total + startingBalance),
    footer: null,
    from_invoice: null,
    hosted_invoice_url: options.preview ? null : `${app.options.publicUrl}/invoices/${id}`,
    invoice_pdf: options.preview ? null : `${app.options.publicUrl}/invoices/${id}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: fullList([], `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: options.preview ? null : `${customer.invoice_prefix}-${String(customer.next_invoice_sequence ?? 1).padStart(4, '0')}`,
    on_behalf_of: null,
    parent: subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: draft.periodEnd,
    period_start: draft.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: startingBalance,
    statement_descriptor: null,
    status: options.preview ? 'draft' : 'open',
    status_transitions: { finalized_at: options.preview ? null : now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: options.preview ? null : now,
  };
  invoice.lines = fullList(
    draft.lines.map((line) => lineItem(line, id)),
    `/v1/invoices/${id}/lines`,
  );
  if (options.preview) return invoice;

  customer.next_invoice_sequence = (customer.next_invoice_sequence ?? 1) + 1;
  customer.balance = invoice.ending_balance ?? customer.balance;
  if (subscription) subscription.latest_invoice = id;
  app.store.insert('invoice', invoice);
  app.emit('invoice.created', invoice, { request: options.request });
  app.emit('invoice.finalized', invoice, { request: options.request });
  return invoice;
}

/** Which card pays a subscription's invoices: its own default, else the customer's. */
export function subscriptionPaymentMethod(app: StripeLocal, subscription: Stripe.Subscription): string | null {
  const customer = app.store.get('customer', subscription.customer as string);
  return (subscription.default_payment_method as string | null) ?? (customer?.invoice_settings.default_payment_method as string | null | undefined) ?? null;
}

/** Which card pays an invoice: its own, else its subscription's, else the customer's default. */
export function paymentMethodFor(app: StripeLocal, invoice: Stripe.Invoice): string | null {
  if (invoice.default_payment_method) return invoice.default_payment_method as string;
  const subscriptionId = invoice.parent?.subscription_details?.subscription as string | undefined;
  const subscription = subscriptionId ? app.store.get('subscription', subscriptionId) : undefined;
  if (subscription) return subscriptionPaymentMethod(app, subscription);
  const customer = app.store.get('customer', invoice.customer as string);
  return (customer?.invoice_settings.default_payment_method as string | null | undefined) ?? null;
}

/**
 * Tries to collect an open invoice with the card on file. Paid: `invoice.paid` and
 * `invoice.payment_succeeded`. Declined: `invoice.payment_failed`, the invoice stays open and the
 * failure is returned (the caller decides about retries and the subscription's status).
 */
export function attemptPayment(
  app: StripeLocal,
  invoice: Stripe.Invoice,
  options: { paymentMethod?: string | null; firstCharge?: boolean; request?: RequestInfo } = {},
): ChargeFailure | null {
  const before = app.present(invoice);
  invoice.attempt_count += 1;
  invoice.attempted = true;
  const failure = invoice.amount_due === 0 ? null : chargeOutcome(app, options.paymentMethod ?? paymentMethodFor(app, invoice), options.firstCharge);
  if (failure) {
    app.store.changed();
    app.emit('invoice.payment_failed', invoice, { before, request: options.request });
    return failure;
  }
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.status = 'paid';
  invoice.status_transitions.paid_at = app.now();
  invoice.next_payment_attempt = null;
  app.store.changed();
  app.emit('invoice.paid', invoice, { before, request: options.request });
  app.emit('invoice.payment_succeeded', invoice, { before, request: options.request });
  return null;
}

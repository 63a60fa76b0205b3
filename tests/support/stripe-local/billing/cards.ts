import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { StripeLocal } from '../core/app.ts';
import { errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import type { CardBehaviour } from '../core/store.ts';

interface TestCard {
  brand: string;
  funding: 'credit' | 'debit';
  behaviour: CardBehaviour;
}

/**
 * Stripe's documented test card numbers (https://docs.stripe.com/testing). One deliberate
 * difference: 4000 0000 0000 0341 pays the first checkout here and fails from the next charge
 * on, so renewal failures can be tried without first changing the card (on real Stripe the card
 * attaches but even the first charge fails).
 */
export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', funding: 'credit', behaviour: 'succeeds' },
  '4000056655665556': { brand: 'visa', funding: 'debit', behaviour: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit', behaviour: 'succeeds' },
  '378282246310005': { brand: 'amex', funding: 'credit', behaviour: 'succeeds' },
  '4000000000000341': { brand: 'visa', funding: 'credit', behaviour: 'charge_fails' },
  '4000000000000002': { brand: 'visa', funding: 'credit', behaviour: 'declined' },
  '4000000000009995': { brand: 'visa', funding: 'credit', behaviour: 'insufficient_funds' },
};

/** Stripe's test PaymentMethod ids, usable wherever a payment method id is accepted. */
const MAGIC_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
};

export interface CardInput {
  number: string;
  expiry?: string;
  cvc?: string;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Checks what a person typed on the test checkout page, with Stripe's own wording. Returns the
 * card or the message to show next to the field.
 */
export function readCard(input: CardInput, now: number): { card: TestCard & { number: string; exp_month: number; exp_year: number } } | { error: string } {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { error: 'Your card number is incomplete.' };
  if (!luhn(number)) return { error: 'Your card number is invalid.' };
  const card = TEST_CARDS[number];
  if (!card) {
    return {
      error:
        'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    };
  }
  const today = new Date(now * 1000);
  let expMonth = 12;
  let expYear = today.getUTCFullYear() + 3;
  if (input.expiry?.trim()) {
    const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(input.expiry.trim());
    if (!match) return { error: "Your card's expiration date is incomplete." };
    expMonth = Number(match[1]);
    expYear = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
    if (expMonth < 1 || expMonth > 12) return { error: "Your card's expiration month is invalid." };
    const lastValid = Date.UTC(expYear, expMonth, 1);
    if (lastValid <= today.getTime()) return { error: "Your card's expiration date is in the past." };
  }
  if (input.cvc?.trim() && !/^\d{3,4}$/.test(input.cvc.trim())) return { error: "Your card's security code is incomplete." };
  return { card: { ...card, number, exp_month: expMonth, exp_year: expYear } };
}

/** A card PaymentMethod as Stripe stores it: brand, last four digits and expiry, never the number. */
export function createCardPaymentMethod(
  app: StripeLocal,
  card: TestCard & { number: string; exp_month: number; exp_year: number },
  billing: { email?: string | null; name?: string | null } = {},
): Stripe.PaymentMethod {
  const paymentMethod: Stripe.PaymentMethod = {
    id: newId.long('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: billing.email ?? null, name: billing.name ?? null, phone: null, tax_id: null },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: card.brand,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      fingerprint: createHash('sha256').update(card.number).digest('base64url').slice(0, 16),
      funding: card.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: app.now(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  app.store.data.cards[paymentMethod.id] = card.behaviour;
  return app.store.insert('payment_method', paymentMethod);
}

/** A stored payment method, or a fresh one made from a test id such as `pm_card_visa`. */
export function resolvePaymentMethod(app: StripeLocal, id: string, param: string): Stripe.PaymentMethod {
  const magic = MAGIC_PAYMENT_METHODS[id];
  if (magic) {
    const card = readCard({ number: magic }, app.now());
    if ('card' in card) return createCardPaymentMethod(app, card.card);
  }
  return app.store.require('payment_method', id, param, 'PaymentMethod');
}

export interface ChargeFailure {
  code: string;
  decline_code: string;
  message: string;
}

/**
 * What charging this payment method now gives: null when it pays, else the decline. The first
 * charge of a "charge fails" card succeeds here (see TEST_CARDS); `firstCharge` says which it is.
 */
export function chargeOutcome(app: StripeLocal, paymentMethodId: string | null, firstCharge = false): ChargeFailure | null {
  if (!paymentMethodId) {
    return { code: 'invoice_no_payment_method', decline_code: 'no_payment_method', message: 'This customer has no attached payment source or default payment method.' };
  }
  return outcomeFor(app.store.data.cards[paymentMethodId] ?? 'succeeds', firstCharge);
}

export function outcomeFor(behaviour: CardBehaviour, firstCharge: boolean): ChargeFailure | null {
  switch (behaviour) {
    case 'succeeds':
      return null;
    case 'charge_fails':
      return firstCharge ? null : { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    case 'insufficient_funds':
      return { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
    case 'declined':
      return { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
  }
}

export function cardError(failure: ChargeFailure) {
  return errors.card(failure.code, failure.message, failure.decline_code);
}

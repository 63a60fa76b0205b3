import { errors } from './errors.ts';
import type { IntervalUnit, Money } from './types.ts';
import type { Body } from './body.ts';

/**
 * The currencies PayPal's REST API takes (developer.paypal.com, "Currency codes"); anything else
 * is refused, as PayPal refuses it, so the product's answer to that can be tried here.
 */
const SUPPORTED = ['AUD', 'BRL', 'CAD', 'CNY', 'CZK', 'DKK', 'EUR', 'HKD', 'HUF', 'ILS', 'JPY', 'MYR', 'MXN', 'TWD', 'NZD', 'NOK', 'PHP', 'PLN', 'GBP', 'SGD', 'SEK', 'CHF', 'THB', 'USD'];
/** Currencies PayPal takes without decimals. */
const ZERO_DECIMAL = ['HUF', 'JPY', 'TWD'];
/** What PayPal takes per transaction here: 3.49 % + 0.49 (a typical rate; shown on transactions). */
const FEE_RATE = 0.0349;
const FEE_FIXED_CENTS = 49;

export function decimals(currency: string): number {
  return ZERO_DECIMAL.includes(currency) ? 0 : 2;
}

/** PayPal's money: a decimal string in major units (`'9.99'`), validated for the currency. */
export function readMoney(body: Body): Money {
  body.only(['currency_code', 'value']);
  const currency = body.requiredString('currency_code', { pattern: /^[A-Z]{3}$/ });
  if (!SUPPORTED.includes(currency)) throw errors.unprocessable('CURRENCY_NOT_SUPPORTED', 'Currency code is invalid or is not currently supported.', body.field('currency_code'));
  const places = decimals(currency);
  const value = body.requiredString('value', { max: 32, pattern: places ? /^\d{1,10}(\.\d{1,2})?$/ : /^\d{1,10}$/ });
  if (!places && value.includes('.')) throw errors.invalidValue(body.field('value'), value, 'The currency does not support decimals.');
  return { currency_code: currency, value: fromMinor(toMinor({ currency_code: currency, value }), currency) };
}

export function toMinor(money: Money): number {
  return Math.round(Number(money.value) * 10 ** decimals(money.currency_code));
}

export function fromMinor(minor: number, currency: string): string {
  return (minor / 10 ** decimals(currency)).toFixed(decimals(currency));
}

export function money(minor: number, currency: string): Money {
  return { currency_code: currency, value: fromMinor(minor, currency) };
}

export function feeOf(gross: Money): Money {
  const factor = 10 ** decimals(gross.currency_code);
  return money(Math.round(toMinor(gross) * FEE_RATE + (FEE_FIXED_CENTS * factor) / 100), gross.currency_code);
}

export function formatMoney(amount: Money): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency: amount.currency_code }).format(Number(amount.value));
}

/** PayPal's timestamps: ISO 8601 UTC without milliseconds. */
export function iso(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function seconds(isoTime: string): number {
  return Math.floor(Date.parse(isoTime) / 1000);
}

/**
 * The start of billing cycle `n` (0 = the first payment) counted from the anchor, in UTC calendar
 * units, so a subscription started on 31 January bills on the last day of February and again on
 * 31 March (no drift).
 */
export function cycleStart(anchor: number, unit: IntervalUnit, count: number, n: number): number {
  const date = new Date(anchor * 1000);
  if (unit === 'DAY' || unit === 'WEEK') return anchor + n * count * (unit === 'DAY' ? 86_400 : 7 * 86_400);
  const months = n * count * (unit === 'YEAR' ? 12 : 1);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

export function describeInterval(unit: IntervalUnit, count: number): string {
  const name = unit.toLowerCase();
  return count === 1 ? `per ${name}` : `every ${count} ${name}s`;
}

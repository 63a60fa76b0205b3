import type Stripe from 'stripe';

/**
 * Decimal fields (`unit_amount_decimal`) travel as strings; the SDK turns them into its Decimal
 * class on the way in, so the wire value is a string even where the SDK's type says Decimal.
 */
export function decimal(amount: number): Stripe.Decimal {
  return String(amount) as unknown as Stripe.Decimal;
}

/** `$10.00`, `€9.50`, `¥500`: how amounts read in line descriptions and on the test pages. */
export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** `month`, `3 months`: the period part of "(at $10.00 / month)". */
export function formatInterval(recurring: { interval: string; interval_count: number }): string {
  return recurring.interval_count === 1 ? recurring.interval : `every ${recurring.interval_count} ${recurring.interval}s`;
}

/** `15 Nov 2026`, the date style of Stripe's proration line descriptions. */
export function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

import type { translator } from './i18n.ts';

export type BillingCycle = 'yearly' | 'monthly';
/** The pricing page opens on yearly prices (spec §4, §9). */
export const DEFAULT_CYCLE: BillingCycle = 'yearly';

export interface Price {
  id: number;
  /** Minor units of the currency (cents). */
  amount: number;
  currency: string;
  interval: 'day' | 'month' | 'year';
  interval_count: number;
}

/**
 * Months one payment covers. A day is 12/365 of a month, so 365 days make exactly a year and a
 * week costs 52 times a year.
 */
export function monthsCovered(price: Pick<Price, 'interval' | 'interval_count'>): number {
  const perInterval = { day: 12 / 365, month: 1, year: 12 }[price.interval];
  return perInterval * price.interval_count;
}

/**
 * The cycle a price is shown under: a payment covering a whole year (1 year, 12 months, 365 days)
 * is yearly; anything shorter (a month, 3 months, a week) is monthly, with its own period beside
 * the amount.
 */
export function cycleOf(price: Pick<Price, 'interval' | 'interval_count'>): BillingCycle {
  return monthsCovered(price) >= 12 - 1e-9 ? 'yearly' : 'monthly';
}

/**
 * The price a plan shows for a cycle: for monthly a plain one-month price first, else the first
 * price of that cycle in the editor's order; a plan without a price of that cycle shows its first
 * price instead, rather than disappearing from the page.
 */
export function priceForCycle<P extends Price>(prices: P[], cycle: BillingCycle): P | undefined {
  const ofCycle = prices.filter((price) => cycleOf(price) === cycle);
  const plainMonth = cycle === 'monthly' ? ofCycle.find((price) => price.interval === 'month' && price.interval_count === 1) : undefined;
  return plainMonth ?? ofCycle[0] ?? prices[0];
}

/**
 * What paying yearly saves against the shorter price, as a fraction: 1 - yearly / (12 × monthly),
 * where both are brought to the cost of one month (a 3-month price counts a third per month) and
 * must be in the same currency. Null when they cannot be compared.
 */
export function yearlySaving(yearly: Price, shorter: Price): number | null {
  if (yearly.currency !== shorter.currency || cycleOf(yearly) !== 'yearly' || cycleOf(shorter) !== 'monthly') return null;
  const perYear = (yearly.amount * 12) / monthsCovered(yearly);
  const perMonth = shorter.amount / monthsCovered(shorter);
  if (!(perMonth > 0)) return null;
  return 1 - perYear / (12 * perMonth);
}

/**
 * The saving as the whole percent shown, rounded down so the page never promises more than the
 * prices give; null, and nothing shown, outside 1 to 200 percent (spec §5, §9).
 */
export function savingToShow(saving: number | null): number | null {
  if (saving === null || !Number.isFinite(saving)) return null;
  // The small nudge keeps 0.17 from becoming 16 through floating point.
  const percent = Math.floor(saving * 100 + 1e-9);
  return percent >= 1 && percent <= 200 ? percent : null;
}

export interface PlanOffer<P extends Price = Price> {
  price: P;
  /** Whole percent saved by paying yearly, when it is worth showing. */
  savingPercent: number | null;
}

/** What a plan shows in each cycle, with the yearly saving against its monthly price in the same currency. */
export function planOffers<P extends Price>(prices: P[]): Record<BillingCycle, PlanOffer<P> | null> {
  const offer = (cycle: BillingCycle): PlanOffer<P> | null => {
    const price = priceForCycle(prices, cycle);
    if (!price) return null;
    if (cycle !== 'yearly' || cycleOf(price) !== 'yearly') return { price, savingPercent: null };
    const shorter = priceForCycle(prices.filter((p) => p.currency === price.currency && cycleOf(p) === 'monthly'), 'monthly');
    return { price, savingPercent: shorter ? savingToShow(yearlySaving(price, shorter)) : null };
  };
  return { yearly: offer('yearly'), monthly: offer('monthly') };
}

/** The toggle is worth showing when some plan has both a yearly and a shorter price. */
export function offersBothCycles(prices: Price[]): boolean {
  return prices.some((p) => cycleOf(p) === 'yearly') && prices.some((p) => cycleOf(p) === 'monthly');
}

/** An amount in minor units in the language's format: 999 USD → "$9.99", 500 JPY → "¥500". */
export function formatMoney(amount: number, currency: string, language: string): string {
  try {
    const format = new Intl.NumberFormat(language, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency}`;
  }
}

/** "/ month", "/ 3 months": what one payment covers, beside the amount. */
export function periodLabel(price: Pick<Price, 'interval' | 'interval_count'>, t: ReturnType<typeof translator>): string {
  const count = price.interval_count;
  if (price.interval === 'day') return count === 1 ? t('/ day') : t('/ :count days', { count });
  if (price.interval === 'month') return count === 1 ? t('/ month') : t('/ :count months', { count });
  return count === 1 ? t('/ year') : t('/ :count years', { count });
}

import { msg } from '../i18n/messages.ts';
import { i18nProvider } from '../providers/i18nProvider.ts';

export const INTERVALS = [
  { id: 'day', name: msg('Day') },
  { id: 'month', name: msg('Month') },
  { id: 'year', name: msg('Year') },
];

/** Longest period one payment may cover, as the API enforces: one year. */
export const MAX_INTERVAL_COUNT: Record<string, number> = { day: 365, month: 12, year: 1 };

/** A number of intervals in words: "month" for one, "3 months" for more. */
export function period(interval: string, count: number): string {
  const words: Record<string, string> = {
    day: i18nProvider.translate('day |||| %{smart_count} days', { smart_count: count }),
    month: i18nProvider.translate('month |||| %{smart_count} months', { smart_count: count }),
    year: i18nProvider.translate('year |||| %{smart_count} years', { smart_count: count }),
  };
  return words[interval] ?? `${count} ${interval}`;
}

/** "9.99 USD / month" from a price in minor units; currencies without cents are rare enough to ignore here. */
export function formatPrice(price: { amount: number; currency: string; interval: string; interval_count: number }): string {
  return i18nProvider.translate('%{amount} %{currency} / %{period}', {
    amount: (price.amount / 100).toFixed(2),
    currency: price.currency,
    period: period(price.interval, price.interval_count),
  });
}

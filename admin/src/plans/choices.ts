export const INTERVALS = [
  { id: 'day', name: 'Day' },
  { id: 'month', name: 'Month' },
  { id: 'year', name: 'Year' },
];

/** Longest period one payment may cover, as the API enforces: one year. */
export const MAX_INTERVAL_COUNT: Record<string, number> = { day: 365, month: 12, year: 1 };

/** "9.99 USD / month" from a price in minor units; currencies without cents are rare enough to ignore here. */
export function formatPrice(price: { amount: number; currency: string; interval: string; interval_count: number }): string {
  const every = price.interval_count === 1 ? price.interval : `${price.interval_count} ${price.interval}s`;
  return `${(price.amount / 100).toFixed(2)} ${price.currency} / ${every}`;
}

import type Stripe from 'stripe';

const DAY = 86_400;

/**
 * The end of the billing period that starts at `start`, counted from the billing cycle anchor as
 * Stripe does: a subscription anchored on 31 January renews on 28 (or 29) February, then on
 * 31 March again, because every period end is the anchor plus whole intervals, clamped to the
 * month's last day.
 */
export function periodEnd(anchor: number, start: number, recurring: Pick<Stripe.Price.Recurring, 'interval' | 'interval_count'>): number {
  for (let n = 1; ; n++) {
    const end = addIntervals(anchor, recurring.interval, recurring.interval_count * n);
    if (end > start) return end;
  }
}

export function addIntervals(from: number, interval: string, count: number): number {
  switch (interval) {
    case 'day':
      return from + count * DAY;
    case 'week':
      return from + count * 7 * DAY;
    case 'month':
      return addMonths(from, count);
    case 'year':
      return addMonths(from, count * 12);
    default:
      throw new Error(`unknown interval ${interval}`);
  }
}

function addMonths(from: number, months: number): number {
  const date = new Date(from * 1000);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

export function sameInterval(a: Stripe.Price.Recurring | null, b: Stripe.Price.Recurring | null): boolean {
  return !!a && !!b && a.interval === b.interval && a.interval_count === b.interval_count;
}

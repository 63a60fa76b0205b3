import { msg, type translator } from './i18n.ts';

type Translate = ReturnType<typeof translator>;

/** A day in the reader's language and time zone ("March 4, 2027"); an unknown zone falls back to the browser's or server's. */
export function formatDate(iso: string | null | undefined, language: string, timeZone?: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone: timeZone || undefined }).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(date);
  }
}

const STATUS_LABELS: Record<string, string> = {
  active: msg('Active'),
  trialing: msg('Trial'),
  past_due: msg('Payment overdue'),
  cancelled: msg('Cancelled'),
  expired: msg('Ended'),
};

/**
 * What the subscription's state means to its holder. A cancellation at period end keeps the
 * status `active` with an end date, so the end date is what says it is cancelled.
 */
export function statusLabel(subscription: { status: string; ends_at: string | null; cancelled_at: string | null }, t: Translate): string {
  if (subscription.status === 'active' && subscription.ends_at) return t('Cancelled');
  return t(STATUS_LABELS[subscription.status] ?? subscription.status);
}

/**
 * Whether the subscription is cancelled but still running: it has an end date, and the paid period
 * has not run out yet. A past-due one with an end date (PayPal suspended it) is not cancelled.
 */
export function canRenew(subscription: { status: string; ends_at: string | null }, now = Date.now()): boolean {
  return subscription.status !== 'expired' && subscription.status !== 'past_due' && subscription.ends_at !== null && Date.parse(subscription.ends_at) > now;
}

/** The subscription's plan by name; a plan deleted since is still named as such, not left blank. */
export function planName(subscription: { product: { name: string } | null }, t: Translate): string {
  return subscription.product?.name ?? t('A plan no longer offered');
}

/** "Visa •••• 4242". */
export function cardLabel(card: { brand: string; last4: string }, t: Translate): string {
  const brands: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', jcb: 'JCB', diners: 'Diners Club', unionpay: 'UnionPay' };
  const brand = brands[card.brand.toLowerCase()] ?? (card.brand ? card.brand[0].toUpperCase() + card.brand.slice(1).replace(/_/g, ' ') : t('Card'));
  return `${brand} •••• ${card.last4}`;
}

/** "12/2030". */
export function cardExpiry(card: { exp_month: number; exp_year: number }): string {
  return `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}

import { describe, expect, it } from 'vitest';
import { canRenew, cardExpiry, cardLabel, formatDate, statusLabel } from './billing.ts';
import { translator } from './i18n.ts';

const t = translator({});
const now = Date.parse('2027-03-01T12:00:00Z');

describe('billing page helpers', () => {
  it('shows a day in the reader’s language and time zone, and nothing for a missing or broken date', () => {
    expect(formatDate('2027-03-04T23:30:00Z', 'en', 'UTC')).toBe('March 4, 2027');
    // Half past midnight in Paris is still the 4th in UTC.
    expect(formatDate('2027-03-04T23:30:00Z', 'en', 'Europe/Paris')).toBe('March 5, 2027');
    expect(formatDate('2027-03-04T12:00:00Z', 'en', 'Not/AZone')).toContain('2027');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('soon', 'en')).toBe('');
  });

  it('calls a subscription cancelled at period end cancelled, though Stripe keeps it active', () => {
    expect(statusLabel({ status: 'active', ends_at: null, cancelled_at: null }, t)).toBe('Active');
    expect(statusLabel({ status: 'active', ends_at: '2027-04-01T00:00:00Z', cancelled_at: '2027-03-01T00:00:00Z' }, t)).toBe('Cancelled');
    expect(statusLabel({ status: 'past_due', ends_at: null, cancelled_at: null }, t)).toBe('Payment overdue');
    expect(statusLabel({ status: 'expired', ends_at: '2027-01-01T00:00:00Z', cancelled_at: null }, t)).toBe('Ended');
  });

  it('offers renewing only while a cancelled plan’s paid period runs', () => {
    expect(canRenew({ status: 'active', ends_at: '2027-04-01T00:00:00Z' }, now)).toBe(true);
    expect(canRenew({ status: 'cancelled', ends_at: '2027-04-01T00:00:00Z' }, now)).toBe(true);
    expect(canRenew({ status: 'active', ends_at: null }, now)).toBe(false);
    expect(canRenew({ status: 'cancelled', ends_at: '2027-02-01T00:00:00Z' }, now)).toBe(false);
    expect(canRenew({ status: 'expired', ends_at: '2027-04-01T00:00:00Z' }, now)).toBe(false);
    // PayPal suspended it: an end date, but nothing was cancelled.
    expect(canRenew({ status: 'past_due', ends_at: '2027-04-01T00:00:00Z' }, now)).toBe(false);
  });

  it('names a card by brand and last four digits', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242' }, t)).toBe('Visa •••• 4242');
    expect(cardLabel({ brand: 'mastercard', last4: '4444' }, t)).toBe('Mastercard •••• 4444');
    expect(cardLabel({ brand: 'cartes_bancaires', last4: '1234' }, t)).toBe('Cartes bancaires •••• 1234');
    expect(cardExpiry({ exp_month: 3, exp_year: 2031 })).toBe('03/2031');
  });
});

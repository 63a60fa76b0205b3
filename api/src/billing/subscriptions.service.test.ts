import type { SubscriptionStatus } from '@app/db';
import { describe, expect, it } from 'vitest';
import { subscriptionStanding } from './subscriptions.service.ts';

const now = Date.parse('2027-03-01T12:00:00.000Z');
const future = '2027-03-01T12:00:01.000Z';
const past = '2027-03-01T11:59:59.000Z';
const standing = (status: SubscriptionStatus, ends_at: string | null = null, cancelled_at: string | null = null) => subscriptionStanding({ status, ends_at, cancelled_at }, now);

describe('whether a subscription counts', () => {
  it('counts while active, trialing or past due and not ended', () => {
    for (const status of ['active', 'trialing', 'past_due'] as const) {
      expect(standing(status).valid, status).toBe(true);
      expect(standing(status, future).valid, status).toBe(true);
      expect(standing(status, past).valid, status).toBe(false);
    }
  });

  it('ends exactly at ends_at, and an unreadable date counts as ended', () => {
    expect(standing('active', new Date(now).toISOString()).valid).toBe(false);
    expect(standing('active', 'someday').valid).toBe(false);
  });

  it('keeps a cancelled subscription until the end of the period paid for, not after, and not without an end', () => {
    expect(standing('cancelled', future, past)).toEqual({ valid: true, active: false, on_grace_period: true });
    expect(standing('cancelled', past, past).valid).toBe(false);
    expect(standing('cancelled', null, past).valid).toBe(false);
  });

  it('never counts an expired one', () => {
    expect(standing('expired').valid).toBe(false);
    expect(standing('expired', future).valid).toBe(false);
  });

  it('is active only when paid up and renewing; past due and cancelled-at-period-end are grace', () => {
    expect(standing('active')).toEqual({ valid: true, active: true, on_grace_period: false });
    expect(standing('trialing', future)).toEqual({ valid: true, active: true, on_grace_period: false });
    expect(standing('past_due')).toEqual({ valid: true, active: false, on_grace_period: true });
    // Cancelled at the end of the period: the provider still says active until then.
    expect(standing('active', future, past)).toEqual({ valid: true, active: false, on_grace_period: true });
    expect(standing('active', past, past)).toEqual({ valid: false, active: false, on_grace_period: false });
  });
});

import { describe, expect, it } from 'vitest';
import { translator } from './i18n.ts';
import { cycleOf, formatMoney, offersBothCycles, periodLabel, planOffers, priceForCycle, savingToShow, yearlySaving, type Price } from './pricing.ts';

let nextId = 1;
const price = (amount: number, interval: Price['interval'], interval_count = 1, currency = 'USD'): Price => ({ id: nextId++, amount, currency, interval, interval_count });

describe('the yearly saving shown', () => {
  it('is shown from 1 to 200 percent, not at 0 or 201', () => {
    expect(savingToShow(0)).toBeNull();
    expect(savingToShow(0.009)).toBeNull();
    expect(savingToShow(0.01)).toBe(1);
    expect(savingToShow(2)).toBe(200);
    expect(savingToShow(2.01)).toBeNull();
    expect(savingToShow(-0.5)).toBeNull();
    expect(savingToShow(null)).toBeNull();
    expect(savingToShow(Number.NaN)).toBeNull();
  });

  it('is rounded down, so a plan never claims more than it saves', () => {
    expect(savingToShow(0.1667)).toBe(16);
    expect(savingToShow(0.17)).toBe(17);
    expect(savingToShow(0.0199)).toBe(1);
  });

  it('is 1 - yearly / (12 × monthly), at the edges of what is shown', () => {
    const monthly = price(1000, 'month');
    expect(yearlySaving(price(12000, 'year'), monthly)).toBe(0);
    expect(savingToShow(yearlySaving(price(12000, 'year'), monthly))).toBeNull();
    expect(savingToShow(yearlySaving(price(11880, 'year'), monthly))).toBe(1);
    expect(savingToShow(yearlySaving(price(11881, 'year'), monthly))).toBeNull();
    expect(savingToShow(yearlySaving(price(9990, 'year'), price(999, 'month')))).toBe(16);
    // Dearer yearly: a negative saving, never shown.
    expect(savingToShow(yearlySaving(price(13000, 'year'), monthly))).toBeNull();
    // A free yearly price saves everything.
    expect(savingToShow(yearlySaving(price(0, 'year'), monthly))).toBe(100);
  });

  it('brings other periods to the cost of a month, and compares one currency only', () => {
    // 3 months for 27.00 is 9.00 a month: 90.00 a year saves 1 - 90 / 108.
    expect(yearlySaving(price(9000, 'year'), price(2700, 'month', 3))).toBeCloseTo(1 - 90 / 108);
    // A week is 12/365 × 7 of a month; 365 days are a year.
    expect(yearlySaving(price(36500, 'day', 365), price(1000, 'day', 7))).toBeCloseTo(1 - 36500 / ((1000 / 7) * 365));
    expect(yearlySaving(price(1000, 'month', 12), price(100, 'month'))).toBeCloseTo(1 - 1000 / 1200);
    expect(yearlySaving(price(9000, 'year', 1, 'EUR'), price(1000, 'month'))).toBeNull();
    expect(yearlySaving(price(9000, 'year'), price(0, 'month'))).toBeNull();
  });
});

describe('prices by cycle', () => {
  it('puts a whole year under yearly and anything shorter under monthly', () => {
    expect(cycleOf(price(1, 'year'))).toBe('yearly');
    expect(cycleOf(price(1, 'month', 12))).toBe('yearly');
    expect(cycleOf(price(1, 'day', 365))).toBe('yearly');
    expect(cycleOf(price(1, 'month', 11))).toBe('monthly');
    expect(cycleOf(price(1, 'day', 364))).toBe('monthly');
  });

  it('prefers a one-month price for monthly and falls back to the first price when a cycle has none', () => {
    const quarter = price(2700, 'month', 3);
    const month = price(1000, 'month');
    const year = price(9000, 'year');
    expect(priceForCycle([quarter, month, year], 'monthly')).toBe(month);
    expect(priceForCycle([quarter, year], 'monthly')).toBe(quarter);
    expect(priceForCycle([quarter, year], 'yearly')).toBe(year);
    expect(priceForCycle([quarter], 'yearly')).toBe(quarter);
    expect(priceForCycle([], 'yearly')).toBeUndefined();
  });

  it('offers each cycle with the yearly saving against the monthly price in the same currency', () => {
    const euroMonth = price(900, 'month', 1, 'EUR');
    const month = price(1000, 'month');
    const year = price(10000, 'year');
    expect(planOffers([euroMonth, month, year])).toEqual({ yearly: { price: year, savingPercent: 16 }, monthly: { price: euroMonth, savingPercent: null } });
    // Only yearly: no saving to compute, and the monthly cycle shows the yearly price.
    expect(planOffers([year])).toEqual({ yearly: { price: year, savingPercent: null }, monthly: { price: year, savingPercent: null } });
    expect(planOffers([])).toEqual({ yearly: null, monthly: null });
    expect(offersBothCycles([month, year])).toBe(true);
    expect(offersBothCycles([month, price(2700, 'month', 3)])).toBe(false);
  });
});

describe('showing a price', () => {
  const t = translator({});
  it('formats the amount in the currency’s own minor units', () => {
    expect(formatMoney(999, 'USD', 'en')).toBe('$9.99');
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
    expect(formatMoney(1050, 'EUR', 'de')).toMatch(/^10,50\s€$/);
    expect(formatMoney(1050, 'ZZZ', 'en')).toMatch(/10\.50/);
  });

  it('names the period one payment covers', () => {
    expect(periodLabel(price(1, 'month'), t)).toBe('/ month');
    expect(periodLabel(price(1, 'month', 3), t)).toBe('/ 3 months');
    expect(periodLabel(price(1, 'day', 7), t)).toBe('/ 7 days');
    expect(periodLabel(price(1, 'year'), t)).toBe('/ year');
  });
});

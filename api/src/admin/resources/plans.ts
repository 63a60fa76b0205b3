import type * as adminResourceRepository from '@app/db/admin/admin-resource';
import * as billingRepository from '@app/db/billing/billing';
import { z } from 'zod';
import { type DomainError, UnavailableError } from '../../common/errors.ts';
import { providersSetUp } from '../../billing/billing.service.ts';
import type { RefusedPrice } from '../../billing/payment-provider.ts';
import type { AdminResource } from '../resource.ts';
import { flag, optionalText } from './fields.ts';

export const PRICE_INTERVALS = ['day', 'month', 'year'] as const;
/**
 * Longest billing period per interval: one year whichever way it is written (what Stripe and
 * PayPal accept), so 1-365 days, 1-12 months or exactly 1 year.
 */
export const MAX_INTERVAL_COUNT: Record<(typeof PRICE_INTERVALS)[number], number> = { day: 365, month: 12, year: 1 };
/** Ten million in major units: far above any real plan, low enough to stay an exact integer everywhere. */
export const MAX_AMOUNT = 1_000_000_000;
export const MAX_PRICES = 20;

const price = z
  .strictObject({
    id: z.number().int().positive().optional(),
    amount: z.number('Enter the amount in cents.').int('Enter the amount in cents, a whole number.').min(0, 'The amount cannot be negative.').max(MAX_AMOUNT, 'The amount is too large.'),
    // Lower case is accepted and stored upper case; anything but three letters is refused.
    currency: z
      .string('Enter a currency code.')
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Use a three-letter ISO 4217 code, for example USD or EUR.'),
    interval: z.enum(PRICE_INTERVALS, 'Choose day, month or year.'),
    interval_count: z.number('Enter how many intervals one payment covers.').int('Enter a whole number.').min(1, 'Bill at least every 1 interval.').default(1),
  });

/**
 * One provider's sync of a saved plan, run to the end whatever the other provider did: the prices
 * it refused, or the error to answer (an unreachable provider says so instead of a bare 503).
 */
async function settle(sync: Promise<RefusedPrice[]>, answers: { unreachable: () => DomainError; refused: (errors: Record<string, string>) => DomainError }) {
  try {
    return { refused: await sync, answers, error: undefined };
  } catch (error) {
    return { refused: [], answers, error: error instanceof UnavailableError ? answers.unreachable() : error };
  }
}

const ADJECTIVE = { day: 'daily', month: 'monthly', year: 'yearly' } as const;

export const plans: AdminResource = {
  name: 'plans',
  label: 'Plans',
  permissions: { read: ['plans.update'], write: ['plans.update'] },
  table: {
    table: 'products',
    columns: ['id', 'name', 'description', 'feature_list', 'recommended', 'free', 'hidden', 'position', 'created_at', 'updated_at'],
    writable: ['name', 'description', 'feature_list', 'recommended', 'free', 'hidden', 'position'],
    searchable: ['name', 'description'],
    sortable: ['id', 'name', 'position', 'recommended', 'free', 'hidden', 'created_at', 'updated_at', 'subscriptions_count'],
    filters: { hidden: 'boolean', free: 'boolean', recommended: 'boolean', created_at: 'date' },
    counts: { subscriptions_count: { table: 'subscriptions', foreignKey: 'product_id' } },
    json: ['feature_list'],
    timestamps: true,
  },
  input: z.strictObject({
    name: z.string('Enter a name.').trim().min(1, 'Enter a name.').max(100, 'Names are at most 100 characters.'),
    description: optionalText(1000),
    feature_list: z
      .array(z.string().trim().min(1, 'Enter the feature or remove the line.').max(200, 'Features are at most 200 characters.'), 'Features are a list of lines.')
      .max(50, 'A plan lists at most 50 features.')
      .optional(),
    recommended: flag,
    free: flag,
    hidden: flag,
    position: z.number('Enter a number.').int().min(0).max(10_000).optional(),
    prices: z.array(price).max(MAX_PRICES, `A plan has at most ${MAX_PRICES} prices.`).optional(),
  }),
  unique: ['name'],
  virtual: ['prices'],
  async validate(data, existing, deps) {
    const errors: Record<string, string> = {};
    const prices = (data.prices as billingRepository.PriceInput[] | undefined) ??
      (existing ? ((await billingRepository.pricesOfProducts(deps.db, [existing.id])).get(existing.id) ?? []) : []);
    const free = (data.free ?? existing?.free ?? 0) === 1;
    const seen = new Set<string>();
    prices.forEach((p, index) => {
      const max = MAX_INTERVAL_COUNT[p.interval];
      if (p.interval_count > max) errors[`prices.${index}.interval_count`] = `A ${ADJECTIVE[p.interval]} price covers at most ${max} ${p.interval}${max === 1 ? '' : 's'}.`;
      const key = `${p.currency}/${p.interval_count}/${p.interval}`;
      if (seen.has(key)) errors[`prices.${index}`] = 'This plan already has a price for this currency and interval.';
      seen.add(key);
      if (free && p.amount > 0) errors[`prices.${index}.amount`] = 'A free plan cannot have a paid price.';
    });
    if (!free && !prices.some((p) => p.amount > 0)) errors.prices = 'Add a price, or mark the plan as free.';
    if (data.prices !== undefined && existing) {
      const own = new Set(((await billingRepository.pricesOfProducts(deps.db, [existing.id])).get(existing.id) ?? []).map((p) => p.id));
      prices.forEach((p, index) => {
        if (p.id !== undefined && !own.has(p.id)) errors[`prices.${index}`] = `Price ${p.id} does not belong to this plan.`;
      });
    }
    return errors;
  },
  async afterRead(records, deps) {
    const prices = await billingRepository.pricesOfProducts(deps.db, records.map((r) => r.id));
    for (const record of records) {
      record.prices = (prices.get(record.id) ?? []).map(({ id, amount, currency, interval, interval_count }) => ({ id, amount, currency, interval, interval_count }));
      record.feature_list ??= [];
    }
  },
  async afterWrite(record: adminResourceRepository.ResourceRecord, virtual, deps) {
    if (virtual.prices !== undefined) await billingRepository.replaceProductPrices(deps.db, record.id, virtual.prices as billingRepository.PriceInput[]);
    // Each payment provider set up gets its copy of the plan on every save; one not set up syncs at checkout.
    const results = [];
    for (const provider of await providersSetUp(deps)) results.push(await settle(provider.syncPlan(deps, record.id), provider.planSyncAnswers));
    const failure = results.find((result) => result.error !== undefined);
    if (failure) throw failure.error;
    const refusals = results.filter((result) => result.refused.length > 0);
    if (!refusals.length) return;
    const saved = (await billingRepository.pricesOfProducts(deps.db, [record.id])).get(record.id) ?? [];
    const errors: Record<string, string> = {};
    for (const { priceId, field, message } of refusals.flatMap((result) => result.refused)) {
      // Errors are reported on the form's lines, which the prices were saved in the order of.
      const index = saved.findIndex((price) => price.id === priceId);
      const sent = ((virtual.prices as billingRepository.PriceInput[] | undefined) ?? saved).findIndex((p) => {
        const row = saved[index];
        return row && p.currency === row.currency && p.interval === row.interval && p.interval_count === row.interval_count && p.amount === row.amount;
      });
      errors[`prices.${sent >= 0 ? sent : index}${field ? `.${field}` : ''}`] ??= message;
    }
    throw refusals[0]!.answers.refused(errors);
  },
};

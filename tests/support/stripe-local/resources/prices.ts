import type Stripe from 'stripe';
import type { Ctx, RequestInfo, Route, StripeLocal } from '../core/app.ts';
import { errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { createdFilter, paginate } from '../core/list.ts';
import { decimal } from '../core/money.ts';
import type { Params } from '../core/params.ts';
import { createProduct } from './products.ts';

const INTERVALS = ['day', 'week', 'month', 'year'] as const;
/** Stripe's longest billing period is one year, however it is written. */
const MAX_COUNT: Record<(typeof INTERVALS)[number], number> = { day: 365, week: 52, month: 12, year: 1 };

function readCurrency(p: Params, key = 'currency'): string {
  const currency = p.requiredString(key).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw errors.invalidParam(p.name(key), `Invalid currency: ${currency}. Stripe currently supports these currencies: usd, eur, gbp, ...`, 'parameter_invalid_string');
  return currency;
}

function readRecurring(p: Params): Stripe.Price.Recurring | null {
  const recurring = p.hash('recurring');
  if (!recurring) return null;
  const interval = recurring.oneOf('interval', INTERVALS);
  if (!interval) throw errors.missingParam('recurring[interval]');
  const count = recurring.int('interval_count', { min: 1 }) ?? 1;
  if (count > MAX_COUNT[interval]) {
    throw errors.invalidParam('recurring[interval_count]', 'The maximum billing interval is 1 year (1 year, 12 months, 52 weeks, or 365 days).', 'parameter_invalid_integer');
  }
  if (recurring.oneOf('usage_type', ['licensed', 'metered']) === 'metered') throw errors.unsupported('metered prices', 'recurring[usage_type]');
  const trialDays = recurring.int('trial_period_days', { min: 0, max: 730 });
  return { interval, interval_count: count, meter: null, trial_period_days: trialDays ?? null, usage_type: 'licensed' };
}

/** Moves or refuses a lookup key that another price already uses, as Stripe does. */
function claimLookupKey(app: StripeLocal, lookupKey: string, transfer: boolean, priceId: string): void {
  const holder = Object.values(app.store.data.objects.price).find((price) => price.lookup_key === lookupKey && price.id !== priceId);
  if (!holder) return;
  if (!transfer) {
    throw errors.invalidParam('lookup_key', `A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key_already_exists');
  }
  holder.lookup_key = null;
}

/**
 * Creates a price. Amount, currency and interval are fixed for life (the update call does not
 * accept them), so a plan whose amount changes needs a new price, as with real Stripe.
 */
export function createPrice(app: StripeLocal, p: Params, fixed: { product?: string } = {}, request?: RequestInfo): Stripe.Price {
  const currency = readCurrency(p);
  let unitAmount = p.int('unit_amount', { min: 0 });
  const unitAmountDecimal = p.string('unit_amount_decimal');
  if (unitAmount === undefined && unitAmountDecimal !== undefined) {
    if (!/^\d+$/.test(unitAmountDecimal)) throw errors.unsupported('fractional unit_amount_decimal', 'unit_amount_decimal');
    unitAmount = Number(unitAmountDecimal);
  }
  if (p.oneOf('billing_scheme', ['per_unit', 'tiered']) === 'tiered') throw errors.unsupported('tiered prices', 'billing_scheme');
  if (unitAmount === undefined) throw errors.missingParam('unit_amount');
  let product = fixed.product;
  if (!product) {
    const productData = p.hash('product_data');
    if (productData) product = createProduct(app, productData, request).id;
    else product = app.store.require('product', p.requiredString('product'), 'product').id;
  }
  const id = newId.long('price');
  const lookupKey = p.nullableString('lookup_key') ?? null;
  const transfer = p.bool('transfer_lookup_key') ?? false;
  if (lookupKey) claimLookupKey(app, lookupKey, transfer, id);
  const recurring = readRecurring(p);
  const price: Stripe.Price = {
    id,
    object: 'price',
    active: p.bool('active') ?? true,
    billing_scheme: 'per_unit',
    created: app.now(),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey,
    metadata: p.metadata('metadata') ?? {},
    nickname: p.nullableString('nickname') ?? null,
    product,
    recurring,
    tax_behavior: p.oneOf('tax_behavior', ['exclusive', 'inclusive', 'unspecified']) ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: decimal(unitAmount),
  };
  app.store.insert('price', price);
  app.emit('price.created', price, { request });
  return price;
}

function update(ctx: Ctx): Stripe.Price {
  const { app, params: p } = ctx;
  const price = app.store.require('price', ctx.path.id);
  const before = app.present(price);
  price.active = p.bool('active') ?? price.active;
  price.metadata = p.metadata('metadata', price.metadata) ?? price.metadata;
  const nickname = p.nullableString('nickname');
  if (nickname !== undefined) price.nickname = nickname;
  const lookupKey = p.nullableString('lookup_key');
  const transfer = p.bool('transfer_lookup_key') ?? false;
  if (lookupKey) claimLookupKey(app, lookupKey, transfer, price.id);
  if (lookupKey !== undefined) price.lookup_key = lookupKey;
  const taxBehavior = p.oneOf('tax_behavior', ['exclusive', 'inclusive', 'unspecified']);
  if (taxBehavior && price.tax_behavior !== 'unspecified' && taxBehavior !== price.tax_behavior) {
    throw errors.invalidParam('tax_behavior', 'tax_behavior cannot be changed once it has been set.');
  }
  if (taxBehavior) price.tax_behavior = taxBehavior;
  app.store.changed();
  app.emit('price.updated', price, { before, request: ctx.request });
  return price;
}

function list(ctx: Ctx) {
  const { app, params: p } = ctx;
  const product = p.string('product');
  const active = p.bool('active');
  const currency = p.string('currency')?.toLowerCase();
  const type = p.oneOf('type', ['one_time', 'recurring']);
  const lookupKeys = p.strings('lookup_keys');
  const interval = p.hash('recurring')?.oneOf('interval', INTERVALS);
  const created = createdFilter(p);
  const prices = app.store
    .all('price')
    .filter(
      (price) =>
        (!product || price.product === product) &&
        (active === undefined || price.active === active) &&
        (!currency || price.currency === currency) &&
        (!type || price.type === type) &&
        (!lookupKeys || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
        (!interval || price.recurring?.interval === interval) &&
        created(price.created),
    );
  return paginate(prices, p, '/v1/prices');
}

/** The legacy Plan twin of a recurring price, still embedded in subscription items. */
export function planOf(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: price.recurring?.trial_period_days ?? null,
    usage_type: 'licensed',
  };
}

export const priceRoutes: Route[] = [
  { method: 'POST', path: '/v1/prices', handler: (ctx) => createPrice(ctx.app, ctx.params, {}, ctx.request) },
  { method: 'GET', path: '/v1/prices', handler: list },
  { method: 'GET', path: '/v1/prices/:id', handler: (ctx) => ctx.app.store.require('price', ctx.path.id) },
  { method: 'POST', path: '/v1/prices/:id', handler: update },
];

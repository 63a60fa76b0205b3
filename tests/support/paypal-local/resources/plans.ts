import type { Ctx, PayPalLocal, Route } from '../core/app.ts';
import type { Body } from '../core/body.ts';
import { errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { readMoney } from '../core/money.ts';
import type { BillingCycle, IntervalUnit, Plan } from '../core/types.ts';
import { pageOf } from './paging.ts';
import { requireProduct } from './products.ts';

/** PayPal's longest interval per unit (one year at most). */
const MAX_COUNT: Record<IntervalUnit, number> = { DAY: 365, WEEK: 52, MONTH: 12, YEAR: 1 };

export function presentPlan(app: PayPalLocal, plan: Plan) {
  return {
    ...plan,
    links: [
      app.link(`/v1/billing/plans/${plan.id}`, 'self', 'GET'),
      app.link(`/v1/billing/plans/${plan.id}`, 'edit', 'PATCH'),
      plan.status === 'ACTIVE' ? app.link(`/v1/billing/plans/${plan.id}/deactivate`, 'self', 'POST') : app.link(`/v1/billing/plans/${plan.id}/activate`, 'self', 'POST'),
    ],
  };
}

export function requirePlan(app: PayPalLocal, id: string, field?: string): Plan {
  const plan = app.store.data.plans[id];
  if (!plan) throw field ? errors.notFound('INVALID_RESOURCE_ID', `Requested resource ID was not found (${field}).`) : errors.notFound();
  return plan;
}

/** The one REGULAR cycle this double implements (no trials, no tiers). */
export function regularCycle(plan: Plan): BillingCycle {
  return plan.billing_cycles[0];
}

function readCycle(cycle: Body, now: string): BillingCycle {
  cycle.only(['frequency', 'tenure_type', 'sequence', 'total_cycles', 'pricing_scheme']);
  const tenure = cycle.requiredString('tenure_type');
  if (tenure === 'TRIAL') throw errors.unsupported(cycle.field('tenure_type'));
  if (tenure !== 'REGULAR') throw errors.invalidValue(cycle.field('tenure_type'), tenure, 'The value must be REGULAR or TRIAL.');
  const frequency = cycle.requiredObject('frequency').only(['interval_unit', 'interval_count']);
  const unit = frequency.oneOf('interval_unit', ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const);
  if (!unit) throw errors.missing(frequency.field('interval_unit'));
  const count = frequency.int('interval_count', 1, MAX_COUNT[unit]) ?? 1;
  const sequence = cycle.int('sequence', 1, 99);
  if (sequence === undefined) throw errors.missing(cycle.field('sequence'));
  const scheme = cycle.requiredObject('pricing_scheme').only(['fixed_price']);
  return {
    frequency: { interval_unit: unit, interval_count: count },
    tenure_type: 'REGULAR',
    sequence,
    total_cycles: cycle.int('total_cycles', 0, 999) ?? 1,
    pricing_scheme: { version: 1, fixed_price: readMoney(scheme.requiredObject('fixed_price')), create_time: now, update_time: now },
  };
}

function create(ctx: Ctx) {
  const body = ctx.body.only(['product_id', 'name', 'description', 'status', 'billing_cycles', 'payment_preferences', 'quantity_supported']);
  const productId = body.requiredString('product_id', { max: 50 });
  const name = body.requiredString('name', { max: 127 });
  const status = body.oneOf('status', ['CREATED', 'ACTIVE', 'INACTIVE'] as const) ?? 'ACTIVE';
  const cycles = body.array('billing_cycles');
  if (!cycles || cycles.length === 0) throw errors.missing('/billing_cycles');
  if (cycles.length > 1) throw errors.unsupported('/billing_cycles/1');
  const now = ctx.app.nowIso();
  const cycle = readCycle(cycles[0], now);
  const preferences = body.object('payment_preferences')?.only(['auto_bill_outstanding', 'setup_fee_failure_action', 'payment_failure_threshold']);
  if (body.bool('quantity_supported')) throw errors.unsupported('/quantity_supported');
  requireProduct(ctx.app, productId, '/product_id');
  const plan: Plan = {
    id: newId.plan(),
    product_id: productId,
    name,
    description: body.string('description', { max: 127 }),
    status,
    usage_type: 'LICENSED',
    billing_cycles: [cycle],
    payment_preferences: {
      auto_bill_outstanding: preferences?.bool('auto_bill_outstanding') ?? true,
      setup_fee_failure_action: preferences?.oneOf('setup_fee_failure_action', ['CONTINUE', 'CANCEL'] as const) ?? 'CANCEL',
      payment_failure_threshold: preferences?.int('payment_failure_threshold', 0, 999) ?? 0,
    },
    quantity_supported: false,
    create_time: now,
    update_time: now,
  };
  ctx.app.store.data.plans[plan.id] = plan;
  ctx.app.store.changed();
  ctx.app.emit('BILLING.PLAN.CREATED', 'plan', presentPlan(ctx.app, plan), `A billing plan ${plan.id} was created.`);
  ctx.status = 201;
  return presentPlan(ctx.app, plan);
}

function setStatus(ctx: Ctx, to: 'ACTIVE' | 'INACTIVE') {
  const plan = requirePlan(ctx.app, ctx.path.id);
  const allowed = to === 'ACTIVE' ? ['CREATED', 'INACTIVE'] : ['ACTIVE'];
  if (!allowed.includes(plan.status)) {
    throw errors.unprocessable('PLAN_STATUS_INVALID', `Invalid plan status for ${to === 'ACTIVE' ? 'activate' : 'deactivate'} action; plan status should be ${allowed.join(' or ').toLowerCase()}.`);
  }
  plan.status = to;
  plan.update_time = ctx.app.nowIso();
  ctx.app.store.changed();
  ctx.app.emit(to === 'ACTIVE' ? 'BILLING.PLAN.ACTIVATED' : 'BILLING.PLAN.DEACTIVATED', 'plan', presentPlan(ctx.app, plan), `A billing plan ${plan.id} was ${to === 'ACTIVE' ? 'activated' : 'deactivated'}.`);
  ctx.status = 204;
  return undefined;
}

export const planRoutes: Route[] = [
  { method: 'POST', path: '/v1/billing/plans', handler: create },
  {
    method: 'GET',
    path: '/v1/billing/plans',
    handler: (ctx) => {
      const product = ctx.query.get('product_id');
      const ids = ctx.query.get('plan_ids')?.split(',');
      const plans = Object.values(ctx.app.store.data.plans)
        .filter((plan) => (!product || plan.product_id === product) && (!ids || ids.includes(plan.id)))
        .map((plan) => ({
          id: plan.id,
          product_id: plan.product_id,
          name: plan.name,
          status: plan.status,
          description: plan.description,
          usage_type: plan.usage_type,
          create_time: plan.create_time,
          links: [ctx.app.link(`/v1/billing/plans/${plan.id}`, 'self', 'GET')],
        }));
      return pageOf(ctx, '/v1/billing/plans', 'plans', plans);
    },
  },
  { method: 'GET', path: '/v1/billing/plans/:id', handler: (ctx) => presentPlan(ctx.app, requirePlan(ctx.app, ctx.path.id)) },
  { method: 'POST', path: '/v1/billing/plans/:id/activate', handler: (ctx) => setStatus(ctx, 'ACTIVE') },
  { method: 'POST', path: '/v1/billing/plans/:id/deactivate', handler: (ctx) => setStatus(ctx, 'INACTIVE') },
];

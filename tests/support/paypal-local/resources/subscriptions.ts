import type { Ctx, PayPalLocal, Route } from '../core/app.ts';
import type { Body } from '../core/body.ts';
import { errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { seconds } from '../core/money.ts';
import type { Subscription, SubscriptionStatus } from '../core/types.ts';
import type { Approval } from '../core/store.ts';
import { announceSale, billing, charge, nextBillingIso, priceOf } from '../billing/payments.ts';
import { regularCycle, requirePlan } from './plans.ts';

const EVENT_OF: Partial<Record<SubscriptionStatus, [string, string]>> = {
  ACTIVE: ['BILLING.SUBSCRIPTION.ACTIVATED', 'Subscription activated'],
  SUSPENDED: ['BILLING.SUBSCRIPTION.SUSPENDED', 'Subscription suspended'],
  CANCELLED: ['BILLING.SUBSCRIPTION.CANCELLED', 'Subscription cancelled'],
  EXPIRED: ['BILLING.SUBSCRIPTION.EXPIRED', 'Subscription expired'],
};

function approveUrl(app: PayPalLocal, token: string): string {
  return app.url(`/webapps/billing/subscriptions?ba_token=${token}`);
}

function pendingApproval(app: PayPalLocal, subscription: Subscription, kind: Approval['kind']): Approval | undefined {
  return Object.values(app.store.data.approvals).find((approval) => approval.subscription === subscription.id && approval.kind === kind && !approval.done);
}

/**
 * The subscription as GET answers it: `billing_info` once approved, and `next_billing_time` only
 * while PayPal will bill again (ACTIVE or SUSPENDED): a cancelled or expired subscription has none.
 */
export function presentSubscription(app: PayPalLocal, subscription: Subscription) {
  const self = `/v1/billing/subscriptions/${subscription.id}`;
  const links = [];
  if (subscription.status === 'APPROVAL_PENDING') {
    const approval = pendingApproval(app, subscription, 'subscribe');
    if (approval) links.push({ href: approveUrl(app, approval.token), rel: 'approve', method: 'GET' as const });
  }
  if (subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED') {
    links.push(app.link(`${self}/cancel`, 'cancel', 'POST'));
    links.push(subscription.status === 'ACTIVE' ? app.link(`${self}/suspend`, 'suspend', 'POST') : app.link(`${self}/activate`, 'activate', 'POST'));
  }
  if (subscription.status !== 'CANCELLED' && subscription.status !== 'EXPIRED') links.push(app.link(self, 'edit', 'PATCH'));
  links.push(app.link(self, 'self', 'GET'));
  const presented: Record<string, unknown> = structuredClone(subscription) as unknown as Record<string, unknown>;
  const info = presented.billing_info as Subscription['billing_info'];
  if (info && subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED') delete info.next_billing_time;
  return { ...presented, links };
}

export function requireSubscription(app: PayPalLocal, id: string): Subscription {
  const subscription = app.store.data.subscriptions[id];
  if (!subscription) throw errors.notFound();
  return subscription;
}

/** Moves the subscription to `status` and sends the matching BILLING.SUBSCRIPTION.* event. */
export function setStatus(app: PayPalLocal, subscription: Subscription, status: SubscriptionStatus, note?: string, eventType?: string): void {
  subscription.status = status;
  subscription.status_update_time = app.nowIso();
  subscription.update_time = app.nowIso();
  if (note) subscription.status_change_note = note;
  if (status !== 'ACTIVE') delete app.store.data.retries[subscription.id];
  app.store.changed();
  const [type, summary] = EVENT_OF[status] ?? [];
  if (type) app.emit(eventType ?? type, 'subscription', presentSubscription(app, subscription), summary!);
}

function readContext(body: Body | undefined) {
  const context = body?.only(['brand_name', 'locale', 'shipping_preference', 'user_action', 'return_url', 'cancel_url', 'payment_method']);
  const url = (name: string) => context?.string(name, { max: 4000, pattern: /^https?:\/\/[^\s]+$/ });
  context?.string('locale', { pattern: /^[a-z]{2}(-[A-Z][a-z]{3})?(-(?:[A-Z]{2}|[0-9]{3}))?$/ });
  context?.oneOf('shipping_preference', ['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS'] as const);
  context?.oneOf('user_action', ['CONTINUE', 'SUBSCRIBE_NOW'] as const);
  if (context?.has('payment_method')) throw errors.unsupported(context.field('payment_method'));
  return { brand_name: context?.string('brand_name', { max: 127 }), return_url: url('return_url'), cancel_url: url('cancel_url') };
}

function newApproval(app: PayPalLocal, subscription: Subscription, kind: Approval['kind'], context: ReturnType<typeof readContext>, planId?: string): Approval {
  const approval: Approval = { token: newId.approvalToken(), subscription: subscription.id, kind, plan_id: planId, ...context, done: false };
  app.store.data.approvals[approval.token] = approval;
  return approval;
}

function create(ctx: Ctx) {
  const body = ctx.body.only(['plan_id', 'custom_id', 'subscriber', 'application_context']);
  const planId = body.requiredString('plan_id', { max: 50 });
  const customId = body.string('custom_id', { max: 127 });
  const subscriber = body.object('subscriber')?.only(['email_address', 'name']);
  const email = subscriber?.string('email_address', { max: 254, pattern: /^[^\s@]+@[^\s@]+$/ });
  const name = subscriber?.object('name')?.only(['given_name', 'surname']);
  const givenName = name?.string('given_name', { max: 140 });
  const surname = name?.string('surname', { max: 140 });
  const context = readContext(body.object('application_context'));
  const plan = requirePlan(ctx.app, planId, '/plan_id');
  if (plan.status !== 'ACTIVE') throw errors.unprocessable('PLAN_STATUS_INVALID', 'Invalid plan status. Plan should be in ACTIVE status.', '/plan_id');
  const now = ctx.app.nowIso();
  const subscription: Subscription = {
    id: newId.subscription(),
    plan_id: plan.id,
    status: 'APPROVAL_PENDING',
    status_update_time: now,
    start_time: now,
    quantity: '1',
    ...(customId ? { custom_id: customId } : {}),
    plan_overridden: false,
    ...(email || givenName || surname
      ? { subscriber: { ...(email ? { email_address: email } : {}), ...(givenName || surname ? { name: { given_name: givenName, surname } } : {}) } }
      : {}),
    create_time: now,
    update_time: now,
  };
  ctx.app.store.data.subscriptions[subscription.id] = subscription;
  newApproval(ctx.app, subscription, 'subscribe', context);
  ctx.app.store.changed();
  ctx.app.emit('BILLING.SUBSCRIPTION.CREATED', 'subscription', presentSubscription(ctx.app, subscription), 'Subscription created');
  ctx.status = 201;
  return presentSubscription(ctx.app, subscription);
}

function reason(body: Body, required: boolean): string | undefined {
  body.only(['reason']);
  return required ? body.requiredString('reason', { max: 128 }) : body.string('reason', { max: 128 });
}

function statusAction(action: 'cancel' | 'suspend' | 'activate') {
  const from: Record<typeof action, SubscriptionStatus[]> = { cancel: ['ACTIVE', 'SUSPENDED'], suspend: ['ACTIVE'], activate: ['SUSPENDED'] };
  return (ctx: Ctx) => {
    const note = reason(ctx.body, action !== 'activate');
    const subscription = requireSubscription(ctx.app, ctx.path.id);
    if (!from[action].includes(subscription.status)) {
      throw errors.unprocessable(
        'SUBSCRIPTION_STATUS_INVALID',
        `Invalid subscription status for ${action} action; subscription status should be ${from[action].map((status) => status.toLowerCase()).join(' or ')}.`,
      );
    }
    if (action === 'cancel') setStatus(ctx.app, subscription, 'CANCELLED', note);
    if (action === 'suspend') setStatus(ctx.app, subscription, 'SUSPENDED', note);
    if (action === 'activate') {
      // Billing picks up where it stopped: a date missed while suspended is billed now, with what is owed.
      const info = billing(subscription);
      if (seconds(info.next_billing_time!) < ctx.app.now()) info.next_billing_time = ctx.app.nowIso();
      setStatus(ctx.app, subscription, 'ACTIVE', note, 'BILLING.SUBSCRIPTION.RE-ACTIVATED');
    }
    ctx.status = 204;
    return undefined;
  };
}

/** A plan change: PayPal answers an approve link; the change happens when the payer approves it. */
function revise(ctx: Ctx) {
  const body = ctx.body.only(['plan_id', 'application_context']);
  const planId = body.requiredString('plan_id', { max: 50 });
  const context = readContext(body.object('application_context'));
  const subscription = requireSubscription(ctx.app, ctx.path.id);
  if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED') {
    throw errors.unprocessable('SUBSCRIPTION_STATUS_INVALID', 'Invalid subscription status for revise action; subscription status should be active or suspended.');
  }
  const plan = requirePlan(ctx.app, planId, '/plan_id');
  if (plan.status !== 'ACTIVE') throw errors.unprocessable('PLAN_STATUS_INVALID', 'Invalid plan status. Plan should be in ACTIVE status.', '/plan_id');
  const current = requirePlan(ctx.app, subscription.plan_id);
  if (regularCycle(plan).pricing_scheme.fixed_price.currency_code !== regularCycle(current).pricing_scheme.fixed_price.currency_code) {
    throw errors.unprocessable('CURRENCY_MISMATCH', 'The currency of the new plan must match the currency of the subscription.', '/plan_id');
  }
  for (const earlier of Object.values(ctx.app.store.data.approvals)) if (earlier.subscription === subscription.id && earlier.kind === 'revise') earlier.done = true;
  const approval = newApproval(ctx.app, subscription, 'revise', context, plan.id);
  ctx.app.store.changed();
  return {
    plan_id: plan.id,
    effective_time: billing(subscription).next_billing_time,
    plan_overridden: false,
    links: [{ href: approveUrl(ctx.app, approval.token), rel: 'approve', method: 'GET' }, ctx.app.link(`/v1/billing/subscriptions/${subscription.id}`, 'edit', 'PATCH'), ctx.app.link(`/v1/billing/subscriptions/${subscription.id}`, 'self', 'GET')],
  };
}

function transactions(ctx: Ctx) {
  const subscription = requireSubscription(ctx.app, ctx.path.id);
  const bound = (name: string) => {
    const value = ctx.query.get(name);
    if (!value) throw errors.invalidRequest([{ field: name, location: 'query', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' }]);
    const at = Date.parse(value);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(at)) throw errors.invalidValue(name, value, 'The value of a field does not conform to the expected format.', 'query');
    return at;
  };
  const start = bound('start_time');
  const end = bound('end_time');
  const found = (ctx.app.store.data.transactions[subscription.id] ?? []).filter((transaction) => {
    const at = Date.parse(transaction.time);
    return at >= start && at <= end;
  });
  return { transactions: found, total_items: found.length, total_pages: 1, links: [] };
}

export type ApprovalResult = { ok: true; redirect?: string } | { ok: false; message: string };

/**
 * What "Agree & Subscribe" does on the approve page: a new subscription is activated and its first
 * cycle charged; a revision switches the plan (billed at the new price from the next billing date,
 * without proration, as PayPal does). The browser then goes to `return_url` with the ids PayPal adds.
 */
export function approve(app: PayPalLocal, approval: Approval, payer: { email: string; failRenewals: boolean }): ApprovalResult {
  const subscription = requireSubscription(app, approval.subscription);
  if (approval.done) return { ok: false, message: 'This approval link was already used.' };
  if (approval.kind === 'subscribe') {
    if (subscription.status !== 'APPROVAL_PENDING') return { ok: false, message: 'This subscription can no longer be approved.' };
    const plan = requirePlan(app, subscription.plan_id);
    if (plan.status !== 'ACTIVE') return { ok: false, message: 'This plan is no longer available.' };
    const cycle = regularCycle(plan);
    approval.done = true;
    const now = app.nowIso();
    subscription.start_time = now;
    subscription.subscriber = {
      ...subscription.subscriber,
      email_address: payer.email,
      payer_id: newId.payer(),
      name: { given_name: subscription.subscriber?.name?.given_name ?? 'Test', surname: subscription.subscriber?.name?.surname ?? 'Buyer' },
    };
    subscription.billing_info = {
      outstanding_balance: { currency_code: cycle.pricing_scheme.fixed_price.currency_code, value: '0.00' },
      cycle_executions: [
        { tenure_type: 'REGULAR', sequence: cycle.sequence, cycles_completed: 0, cycles_remaining: cycle.total_cycles, current_pricing_scheme_version: 1, total_cycles: cycle.total_cycles },
      ],
      failed_payments_count: 0,
    };
    charge(app, subscription, priceOf(app, subscription), { initial: true, announce: false });
    completeCycle(app, subscription);
    // PayPal tells of the activation first, then of the first payment.
    setStatus(app, subscription, 'ACTIVE');
    announceSale(app, subscription);
  } else {
    if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED') return { ok: false, message: 'This subscription can no longer be changed.' };
    approval.done = true;
    subscription.plan_id = approval.plan_id!;
    subscription.update_time = app.nowIso();
    app.store.changed();
    app.emit('BILLING.SUBSCRIPTION.UPDATED', 'subscription', presentSubscription(app, subscription), 'Subscription updated');
  }
  if (payer.failRenewals) app.store.data.failingPayments[subscription.id] = -1;
  app.store.changed();
  if (!approval.return_url) return { ok: true };
  const target = new URL(approval.return_url);
  target.searchParams.set('subscription_id', subscription.id);
  target.searchParams.set('ba_token', approval.token);
  target.searchParams.set('token', approval.token);
  return { ok: true, redirect: target.toString() };
}

/** One more cycle billed: counts it and sets the next billing time (none once all cycles are done). */
export function completeCycle(app: PayPalLocal, subscription: Subscription): void {
  const execution = billing(subscription).cycle_executions[0];
  execution.cycles_completed += 1;
  execution.cycles_remaining = execution.total_cycles ? Math.max(0, execution.total_cycles - execution.cycles_completed) : 0;
  billing(subscription).next_billing_time = nextBillingIso(app, subscription);
  app.store.changed();
}

export function findApproval(app: PayPalLocal, token: string): Approval | undefined {
  return app.store.data.approvals[token];
}

export const subscriptionRoutes: Route[] = [
  { method: 'POST', path: '/v1/billing/subscriptions', handler: create },
  { method: 'GET', path: '/v1/billing/subscriptions/:id', handler: (ctx) => presentSubscription(ctx.app, requireSubscription(ctx.app, ctx.path.id)) },
  { method: 'POST', path: '/v1/billing/subscriptions/:id/cancel', handler: statusAction('cancel') },
  { method: 'POST', path: '/v1/billing/subscriptions/:id/suspend', handler: statusAction('suspend') },
  { method: 'POST', path: '/v1/billing/subscriptions/:id/activate', handler: statusAction('activate') },
  { method: 'POST', path: '/v1/billing/subscriptions/:id/revise', handler: revise },
  { method: 'GET', path: '/v1/billing/subscriptions/:id/transactions', handler: transactions },
];

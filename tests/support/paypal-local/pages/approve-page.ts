import { escapeHtml, page } from '../../local-double/html.ts';
import type { PayPalLocal } from '../core/app.ts';
import { describeInterval, formatMoney } from '../core/money.ts';
import type { Approval } from '../core/store.ts';
import { regularCycle, requirePlan } from '../resources/plans.ts';
import { requireSubscription } from '../resources/subscriptions.ts';

const TITLE = 'PayPal (test) · paypal-local';
const ACCENT = '#0070ba';

export interface ApprovePageState {
  email?: string;
  error?: string;
}

function cancelHref(approval: Approval): string | undefined {
  if (!approval.cancel_url) return undefined;
  const target = new URL(approval.cancel_url);
  target.searchParams.set('ba_token', approval.token);
  target.searchParams.set('token', approval.token);
  return target.toString();
}

/**
 * The page an `approve` link opens, standing in for PayPal's: what the payer agrees to, a
 * "Log in to PayPal" stand-in (an email, no password), **Agree & Subscribe** and **Cancel and
 * return**. A checkbox makes every later payment of this subscription fail, to try renewals that fail.
 */
export function approvePage(app: PayPalLocal, approval: Approval, state: ApprovePageState = {}): string {
  const subscription = requireSubscription(app, approval.subscription);
  const plan = requirePlan(app, approval.kind === 'revise' ? approval.plan_id! : subscription.plan_id);
  if (approval.done) return page(TITLE, '<h1>Link already used</h1><p>This approval link was already used. You can close this page.</p>', ACCENT);
  const cycle = regularCycle(plan);
  const price = `${formatMoney(cycle.pricing_scheme.fixed_price)} ${describeInterval(cycle.frequency.interval_unit, cycle.frequency.interval_count)}`;
  const merchant = approval.brand_name ?? 'the merchant';
  const cancel = cancelHref(approval);
  const email = state.email ?? subscription.subscriber?.email_address ?? '';
  const error = state.error ? `<p class="error" id="email-error" role="alert">${escapeHtml(state.error)}</p>` : '';
  const heading = approval.kind === 'revise' ? 'Change your subscription' : 'Subscribe';
  const terms =
    approval.kind === 'revise'
      ? `<p>Your subscription with ${escapeHtml(merchant)} changes to this plan. The new price is charged from your next billing date.</p>`
      : `<p>You agree to pay ${escapeHtml(merchant)} automatically ${escapeHtml(price)} until you cancel. The first payment is made today.</p>`;
  return page(
    TITLE,
    `<p><span class="badge">Test mode</span> paypal-local</p>
<h1>${heading}</h1>
<table>
<caption class="hint">${approval.kind === 'revise' ? 'New plan' : 'Plan'}</caption>
<tbody>
<tr><th scope="row">${escapeHtml(plan.name)}</th><td class="amount" id="price">${escapeHtml(price)}</td></tr>
</tbody>
</table>
${terms}
<form method="post" action="/webapps/billing/subscriptions?ba_token=${escapeHtml(approval.token)}" novalidate>
<h2>Log in to PayPal</h2>
<p class="hint">Test account: any email works, no password.</p>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}"${state.error ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
${error}
<label class="check"><input type="checkbox" name="fail_renewals" value="1">Test: make every later payment of this subscription fail</label>
<button type="submit">${approval.kind === 'revise' ? 'Agree &amp; Continue' : 'Agree &amp; Subscribe'}</button>
</form>
${cancel ? `<a class="cancel" href="${escapeHtml(cancel)}">Cancel and return to ${escapeHtml(merchant)}</a>` : ''}`,
    ACCENT,
  );
}

export function approvalMissingPage(): string {
  return page(TITLE, '<h1>Link not valid</h1><p>This approval link is not valid or has expired.</p>', ACCENT);
}

export function approvalDonePage(): string {
  return page(TITLE, '<h1>Thank you</h1><p>You are subscribed. You can close this page.</p>', ACCENT);
}

export function approvalRefusedPage(message: string): string {
  return page(TITLE, `<h1>Not possible</h1><p role="alert">${escapeHtml(message)}</p>`, ACCENT);
}

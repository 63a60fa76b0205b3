import type Stripe from 'stripe';
import type { StripeLocal } from '../core/app.ts';
import { formatAmount, formatInterval } from '../core/money.ts';
import type { CheckoutForm } from '../resources/checkout-sessions.ts';
import { escapeHtml, page } from './html.ts';

export interface CheckoutPageState {
  values?: Partial<CheckoutForm>;
  error?: { message: string; field?: 'email' | 'card' };
}

function summary(app: StripeLocal, session: Stripe.Checkout.Session): string {
  const plan = app.store.data.checkoutPlans[session.id];
  if (session.mode === 'setup') {
    return '<p>Save a card for future payments. Nothing is charged now.</p>';
  }
  const rows = plan.lineItems
    .map((item) => {
      const price = item.price!;
      const period = price.recurring!.interval_count === 1 ? `per ${price.recurring!.interval}` : formatInterval(price.recurring!);
      const each = `${formatAmount(price.unit_amount ?? 0, price.currency)} ${period}`;
      const quantity = item.quantity && item.quantity > 1 ? ` × ${item.quantity}` : '';
      return `<tr><td>${escapeHtml(item.description)}${quantity}</td><td class="amount">${escapeHtml(each)}</td></tr>`;
    })
    .join('\n');
  const trial = plan.trialDays ? `<p>${plan.trialDays} days free, then billed as above.</p>` : '';
  return `<table>
<caption class="hint">Subscription</caption>
<thead><tr><th scope="col">Plan</th><th scope="col" class="amount">Price</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th scope="row">Total due today</th><td class="amount" id="total">${escapeHtml(formatAmount(session.amount_total ?? 0, session.currency ?? 'usd'))}</td></tr></tfoot>
</table>
${trial}`;
}

/**
 * The page a Checkout Session's `url` opens: what is bought, an email field when the session
 * does not know the customer, a card form, Pay and Cancel. It stands in for Stripe's hosted page,
 * with the test cards listed, and posts back to itself.
 */
export function checkoutPage(app: StripeLocal, session: Stripe.Checkout.Session, state: CheckoutPageState = {}): string {
  const title = 'Test checkout · stripe-local';
  if (session.status !== 'open') {
    const message = session.status === 'complete' ? 'This Checkout Session is already complete.' : 'This Checkout Session has expired.';
    return page(title, `<h1>Checkout unavailable</h1><p>${message}</p>`);
  }
  const values = state.values ?? {};
  const knownEmail = session.customer ? (app.store.get('customer', session.customer as string)?.email ?? null) : session.customer_email;
  const fieldError = (field: 'email' | 'card', id: string) =>
    state.error?.field === field ? `<p class="error" id="${id}" role="alert">${escapeHtml(state.error.message)}</p>` : '';
  const emailField = knownEmail
    ? `<p>Email: <strong>${escapeHtml(knownEmail)}</strong></p>`
    : `<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(values.email)}"${state.error?.field === 'email' ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
${fieldError('email', 'email-error')}`;
  const generalError = state.error && !state.error.field ? `<p class="error" role="alert">${escapeHtml(state.error.message)}</p>` : '';
  const cancel = session.cancel_url ? `<a class="cancel" href="${escapeHtml(session.cancel_url)}">Cancel</a>` : '';
  return page(
    title,
    `<p><span class="badge">Test mode</span> stripe-local</p>
<h1>${session.mode === 'setup' ? 'Save a card' : 'Subscribe'}</h1>
${summary(app, session)}
${generalError}
<form method="post" action="/c/pay/${escapeHtml(session.id)}" novalidate>
${emailField}
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" value="${escapeHtml(values.name)}">
<label for="cardnumber">Card number</label>
<input id="cardnumber" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required value="${escapeHtml(values.cardNumber)}"${state.error?.field === 'card' ? ' aria-invalid="true" aria-describedby="card-error card-hint"' : ' aria-describedby="card-hint"'}>
${fieldError('card', 'card-error')}
<p class="hint" id="card-hint">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0341 pays now and fails on renewal; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds.</p>
<div class="row">
<div><label for="exp">Expiry (MM / YY)</label><input id="exp" name="exp" autocomplete="cc-exp" placeholder="12 / 34" value="${escapeHtml(values.expiry)}"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" value="${escapeHtml(values.cvc)}"></div>
</div>
<button type="submit">${session.mode === 'setup' ? 'Save card' : 'Pay'}</button>
</form>
${cancel}`,
  );
}

/** Where a completed session without a success_url ends (Stripe shows its own confirmation). */
export function checkoutDonePage(): string {
  return page('Thank you · stripe-local', '<h1>Thank you</h1><p>Your payment is complete. You can close this page.</p>');
}

import './billing.css';
import { useEffect, useState } from 'react';
import { planName } from '../../lib/billing.ts';
import { HttpError } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';

interface Props {
  lines: Lines;
  /** What the payment provider just finished: a subscription's first payment, or saving a new card. */
  kind: 'checkout' | 'payment-method';
  /** Who took the payment: a Stripe Checkout Session id, or a PayPal subscription id. */
  provider?: 'stripe' | 'paypal';
  sessionId: string;
}

/**
 * The page the payment provider returns to. It asks the API to record the result at once (the
 * provider's webhook does the same later, so nobody waits for it) and says how it went.
 */
export default function BillingDone({ lines, kind, provider = 'stripe', sessionId }: Props) {
  const t = translator(lines);
  // `subscribed`: the payment was refused because another one (another tab's) made them a subscriber first.
  const [state, setState] = useState<{ done: boolean; plan?: string; error?: string; subscribed?: boolean }>({ done: false });

  // biome-ignore lint/correctness/useExhaustiveDependencies: completes once per session; t is rebuilt each render from the same lines
  useEffect(() => {
    let current = true;
    const param = { sessionId };
    const call =
      kind === 'payment-method'
        ? islandApi.billing['change-payment-method'][':sessionId'].complete.$post({ param })
        : provider === 'paypal'
          ? islandApi.billing.paypal.checkout[':subscriptionId'].complete.$post({ param: { subscriptionId: sessionId } })
          : islandApi.billing.stripe.checkout[':sessionId'].complete.$post({ param });
    ok(call)
      .then(({ subscription }) => current && setState({ done: true, plan: planName(subscription, t) }))
      .catch(
        (error: unknown) =>
          current &&
          setState({ done: true, error: error instanceof HttpError ? error.message : t('There was an issue. Please try again.'), subscribed: error instanceof HttpError && error.status === 409 }),
      );
    return () => {
      current = false;
    };
  }, [kind, provider, sessionId]);

  if (!state.done) {
    return (
      <p className="muted billing-loading" role="status">
        <span className="spinner" aria-hidden="true" /> {kind === 'checkout' ? t('Confirming your payment…') : t('Saving your payment method…')}
      </p>
    );
  }
  if (state.error) {
    return (
      <div role="alert" className="billing-message" data-testid="billing-done-error">
        <h2>{kind === 'checkout' ? t('Your payment could not be confirmed') : t('Your payment method could not be saved')}</h2>
        <p>{state.error}</p>
        {/* A reload, not a page swap: the user menu follows the subscription. */}
        {kind === 'checkout' && state.subscribed ? (
          <a className="button primary" href="/billing" data-astro-reload>
            {t('Go to billing')}
          </a>
        ) : (
          <a className="button primary" href={kind === 'checkout' ? '/pricing' : '/billing'} data-astro-reload>
            {kind === 'checkout' ? t('Back to pricing') : t('Back to billing')}
          </a>
        )}
      </div>
    );
  }
  return (
    <div role="status" className="billing-message" data-testid="billing-done">
      <h2>{kind === 'checkout' ? t('Thank you! You are now subscribed to :plan.', { plan: state.plan ?? '' }) : t('Your payment method was updated.')}</h2>
      <a className="button primary" href="/billing" data-astro-reload>
        {t('Go to billing')}
      </a>
    </div>
  );
}

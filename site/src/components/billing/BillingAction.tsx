import './billing.css';
import { navigate } from 'astro:transitions/client';
import { useState } from 'react';
import { HttpError } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok, toastFailure } from '../../lib/island-api.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { toast } from '../../stores/toast.atoms.ts';

export type BillingActionKind =
  | { kind: 'checkout'; productId: number; priceId: number; provider?: 'stripe' | 'paypal' }
  | { kind: 'change-payment-method' } | { kind: 'cancel' } | { kind: 'renew' };

interface Props {
  lines: Lines;
  action: BillingActionKind;
  label: string;
  variant?: 'primary' | 'danger';
  testId?: string;
}

/**
 * The one button of a billing step. Payment steps leave for the payment provider's page (the
 * address the API gives); cancel and renew change the subscription and return to /billing.
 */
export default function BillingAction({ lines, action, label, variant = 'primary', testId = 'billing-action' }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const run = async () => {
    setPending(true);
    try {
      if (action.kind === 'checkout') {
        const json = { product_id: action.productId, price_id: action.priceId };
        const { url } = await ok(action.provider === 'paypal' ? islandApi.billing.paypal.checkout.$post({ json }) : islandApi.billing.stripe.checkout.$post({ json }));
        setLeaving(true);
        window.location.assign(url);
        return;
      }
      if (action.kind === 'change-payment-method') {
        const { url } = await ok(islandApi.billing['change-payment-method'].$post());
        setLeaving(true);
        window.location.assign(url);
        return;
      }
      if (action.kind === 'cancel') {
        await ok(islandApi.billing.cancel.$post());
        toast(t('Your subscription was cancelled.'));
      } else {
        await ok(islandApi.billing.renew.$post());
        toast(t('Your subscription was renewed.'));
      }
      await navigate('/billing', { history: 'replace' });
    } catch (error) {
      // Subscribed meanwhile (another tab, a finished payment): their billing page is where they belong.
      if (action.kind === 'checkout' && error instanceof HttpError && error.status === 409) {
        window.location.assign('/billing');
        return;
      }
      toastFailure(error, t('There was an issue. Please try again.'));
      setPending(false);
    }
  };

  return (
    <button type="button" className={`button ${variant}`} disabled={!hydrated || pending} aria-busy={pending} onClick={run} data-testid={testId}>
      {leaving ? t('Redirecting…') : label}
    </button>
  );
}

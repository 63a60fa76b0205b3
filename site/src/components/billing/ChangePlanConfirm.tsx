import './billing.css';
import { navigate } from 'astro:transitions/client';
import { useEffect, useState } from 'react';
import { formatDate } from '../../lib/billing.ts';
import { HttpError } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok, toastFailure } from '../../lib/island-api.ts';
import { formatMoney } from '../../lib/pricing.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { toast } from '../../stores/toast.atoms.ts';

interface Props {
  lines: Lines;
  language: string;
  timeZone: string | null;
  productId: number;
  priceId: number;
}

interface Preview {
  amount_due: number;
  currency: string;
  lines: { description: string; amount: number }[];
  next_payment_at: string | null;
}

/**
 * The confirm step of a plan change: what the payment provider will charge or credit for the
 * rest of the period (its proration preview), then Confirm.
 */
export default function ChangePlanConfirm({ lines, language, timeZone, productId, priceId }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: previews once per plan and price; t is rebuilt each render from the same lines
  useEffect(() => {
    let current = true;
    ok(islandApi.billing['change-plan'].preview.$post({ json: { product_id: productId, price_id: priceId } }))
      .then((data) => current && setPreview(data))
      .catch((error: unknown) => current && setFailure(error instanceof HttpError ? error.message : t('There was an issue. Please try again.')));
    return () => {
      current = false;
    };
  }, [productId, priceId]);

  const confirm = async () => {
    setPending(true);
    try {
      const { url } = await ok(islandApi.billing['change-plan'].$post({ json: { product_id: productId, price_id: priceId } }));
      // PayPal asks the payer to approve the new price on its page, which comes back to the done page.
      if (url) {
        window.location.assign(url);
        return;
      }
      toast(t('Your plan was changed.'));
      await navigate('/billing', { history: 'replace' });
    } catch (error) {
      toastFailure(error, t('There was an issue. Please try again.'));
      setPending(false);
    }
  };

  if (failure) {
    return (
      <div role="alert" className="billing-message">
        <p>{failure}</p>
        <a className="button" href="/billing/change-plan">
          {t('Back to plans')}
        </a>
      </div>
    );
  }

  if (!preview) {
    return (
      <p className="muted billing-loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('Calculating the price change…')}
      </p>
    );
  }

  const money = (amount: number) => formatMoney(amount, preview.currency, language);
  return (
    <div className="billing-preview" data-testid="proration-preview">
      {preview.lines.length > 0 && (
        <table className="billing-table">
          <caption className="visually-hidden">{t('Price change')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Description')}</th>
              <th scope="col" className="amount">
                {t('Amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the preview's lines have no id and are shown once, never reordered
              <tr key={index}>
                <td>{line.description}</td>
                <td className="amount">{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="billing-total">
        {preview.next_payment_at
          ? t('Next payment on :date: :amount', { date: formatDate(preview.next_payment_at, language, timeZone), amount: money(preview.amount_due) })
          : t('Amount due: :amount', { amount: money(preview.amount_due) })}
      </p>
      <div className="billing-actions">
        <button type="button" className="button primary" disabled={!hydrated || pending} onClick={confirm}>
          {t('Confirm')}
        </button>
        <a className="button" href="/billing/change-plan">
          {t('Cancel')}
        </a>
      </div>
    </div>
  );
}

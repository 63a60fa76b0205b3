import type { SubscriptionRow } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as billingRepository from '@app/db/billing/billing';
import type { AppDeps } from '../context.ts';
import { notifyPaymentFailed } from '../notifications/notifications.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { type PaymentProviderName, paymentProviders } from './payment-provider.ts';

export type WebhookResult = { received: true; duplicate?: true };

async function mailPaymentFailed(deps: AppDeps, { userId, productId }: { userId: number; productId: number | null }): Promise<void> {
  const user = await usersRepository.findUserById(deps.db, userId);
  if (!user) return;
  const product = productId ? await billingRepository.findProduct(deps.db, productId) : undefined;
  const siteName = (await loadSettings(deps.db))['branding.site_name'];
  await notifyPaymentFailed(deps, user.id, siteName, product?.name ?? null);
}

/**
 * A webhook delivery from a payment provider: the provider checks it is its own (a delivery it does
 * not vouch for changes nothing: 400), each event is acted on once (its id is recorded in the
 * transaction that writes its effect; a replay is acknowledged without effect), and what it acts on
 * is re-read from the provider, so events may come in any order. A failure while acting, or a
 * process that dies meanwhile, leaves the event unrecorded for the provider's next delivery.
 */
export async function receiveWebhook(deps: AppDeps, providerName: PaymentProviderName, rawBody: string, header: (name: string) => string | undefined): Promise<WebhookResult> {
  const provider = paymentProviders[providerName];
  const delivery = await provider.verifyWebhook(deps, rawBody, header);
  if (await billingRepository.billingEventRecorded(deps.db, delivery.event.id)) return { received: true, duplicate: true };
  let result: { replayed: boolean; row?: SubscriptionRow };
  try {
    result = await delivery.act();
  } catch (error) {
    // An object deleted since, or never ours (another merchant's), leaves nothing to do; trying again would not help.
    if (provider.isMissing(error)) return { received: true };
    throw provider.failure(error);
  }
  if (result.replayed) return { received: true, duplicate: true };
  const payer = await delivery.failedPayment?.(result.row);
  if (payer) await mailPaymentFailed(deps, payer);
  return { received: true };
}

import { apiClient } from './api.ts';
import { guardRedirect } from './guards.ts';
import { isSubscribed } from './subscriptions.ts';

/**
 * What the /billing pages share (spec §2.4): not found while billing is off, /login for visitors,
 * /pricing for users without a subscription that counts; otherwise their subscription.
 */
export async function billingPageAccess(locals: App.Locals, currentPath: string) {
  const { bootstrap } = locals;
  if (!bootstrap.settings['billing.enable']) return { notFound: true as const };
  const blocked = guardRedirect(bootstrap, { login: true }, currentPath);
  if (blocked) return { redirect: blocked };
  if (!isSubscribed(bootstrap.user)) return { redirect: '/pricing' };
  const response = await apiClient(locals).billing.subscription.$get();
  if (!response.ok) throw new Error(`API call failed with status ${response.status}`);
  const { subscription } = await response.json();
  // The subscription that counts may be one the payment provider knows nothing of (granted in the back office).
  if (!subscription) return { redirect: '/pricing' };
  return { subscription };
}

async function offer(locals: App.Locals) {
  const response = await apiClient(locals).billing.products.$get();
  if (!response.ok) throw new Error(`API call failed with status ${response.status}`);
  return response.json();
}

/** The plans on offer (not hidden), with their prices, as the pricing page lists them. */
export async function offeredPlans(locals: App.Locals) {
  return (await offer(locals)).pagination.data;
}

/** A plan on offer and one of its prices, by the ids of an address; null when either is unknown, hidden or free. */
export async function offeredPlanPrice(locals: App.Locals, productId: number | undefined, priceId: number | undefined) {
  if (productId === undefined || priceId === undefined) return null;
  const { pagination, payment_providers: providers } = await offer(locals);
  const plan = pagination.data.find((candidate) => candidate.id === productId);
  const price = plan?.prices.find((candidate) => candidate.id === priceId);
  // A free plan has nothing to pay for: there is no checkout of it.
  return plan && price && !plan.free ? { plan, price, providers } : null;
}

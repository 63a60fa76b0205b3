/** Local storage key of the plan a visitor picked on the pricing page before having an account. */
export const ONBOARDING_KEY = 'be.onboarding.selected';

const ID = /^\w{1,64}$/;

/** Remembers the plan a visitor picked, so that logging in or registering ends at its checkout. */
export function rememberPlanChoice(productId: string, priceId: string): void {
  try {
    if (ID.test(productId) && ID.test(priceId)) localStorage.setItem(ONBOARDING_KEY, JSON.stringify({ productId, priceId }));
  } catch {
    // Storage refused (private mode, quota): the visitor registers and picks the plan again.
  }
}

export function forgetPlanChoice(): void {
  try {
    localStorage.removeItem(ONBOARDING_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** The checkout of a plan picked during onboarding, once: reading it forgets it. */
export function takeOnboardingCheckout(): string | null {
  try {
    const picked = JSON.parse(localStorage.getItem(ONBOARDING_KEY) ?? 'null') as { productId?: unknown; priceId?: unknown } | null;
    if (!picked || !ID.test(String(picked.productId)) || !ID.test(String(picked.priceId))) return null;
    localStorage.removeItem(ONBOARDING_KEY);
    return `/checkout/${picked.productId}/${picked.priceId}`;
  } catch {
    return null;
  }
}

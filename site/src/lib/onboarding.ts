/** Local storage key of the plan a visitor picked on the pricing page before having an account. */
export const ONBOARDING_KEY = 'be.onboarding.selected';

/** Remembers the plan a visitor picked, so that logging in or registering ends at its checkout (goAfterLogin). */
export function rememberPlanChoice(productId: string, priceId: string): void {
  try {
    localStorage.setItem(ONBOARDING_KEY, JSON.stringify({ productId, priceId }));
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

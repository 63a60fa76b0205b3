import type { AppDeps } from '../context.ts';
import { validationFailed } from '../common/errors.ts';
import { loadSettings } from '../settings/settings.service.ts';

export type HumanCheckAction = 'register' | 'login' | 'contact';
export const HUMAN_CHECK_FAILED = 'Could not verify you are human.';

/**
 * Asks the reCAPTCHA service (RECAPTCHA_VERIFY_URL, Google's by default) whether a browser's token
 * is genuine. A service that cannot be reached counts as a failed check: the form can be retried.
 */
export async function verifyHumanToken(deps: AppDeps, token: string | undefined, remoteIp: string | null): Promise<boolean> {
  const settings = await loadSettings(deps.db);
  const secret = settings['recaptcha.secret_key'];
  if (!token || !secret) return false;
  const body = new URLSearchParams({ secret, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) });
  try {
    const response = await fetch(deps.config.recaptchaVerifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
    const result = (await response.json()) as { success?: boolean; score?: number };
    // v3 tokens carry a score; 0.5 is Google's suggested threshold.
    return result.success === true && (result.score === undefined || result.score >= 0.5);
  } catch {
    return false;
  }
}

/** Refuses the request unless the human check passes, when it is switched on for this action. */
export async function requireHuman(deps: AppDeps, action: HumanCheckAction, token: string | undefined, remoteIp: string | null): Promise<void> {
  const settings = await loadSettings(deps.db);
  if (!settings[`recaptcha.enable.${action}`]) return;
  if (!(await verifyHumanToken(deps, token, remoteIp))) throw validationFailed({ token: HUMAN_CHECK_FAILED }, HUMAN_CHECK_FAILED);
}

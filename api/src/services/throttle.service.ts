import { clearRateLimit, hitRateLimit, peekRateLimit } from '@app/db';
import type { AppDeps } from '../context.ts';
import { ApiError } from '../http/errors.ts';

// Letters from other scripts that look like Latin ones, mapped to them so that "аdmin@" (with a
// Cyrillic а) and "admin@" count against the same limit. Not the full Unicode confusables table,
// but the characters that pass for Latin in an email address.
const LOOKALIKES: Record<string, string> = {
  а: 'a', в: 'b', с: 'c', ԁ: 'd', е: 'e', ё: 'e', һ: 'h', і: 'i', ї: 'i', ј: 'j', к: 'k', ӏ: 'l', м: 'm', н: 'h', о: 'o', р: 'p', ԛ: 'q', ѕ: 's', т: 't', у: 'y', х: 'x', ԝ: 'w',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w',
  ı: 'i', ł: 'l', ø: 'o', đ: 'd', ħ: 'h',
};

/**
 * The bucket key of an email: compatibility-normalised (full-width letters, ligatures), without
 * accents, invisible characters or look-alike letters, lower-cased.
 */
export function throttleIdentity(email: string): string {
  return email
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u200b-\u200f\u2060\ufeff\u00ad]/g, '')
    .replace(/./gu, (ch) => LOOKALIKES[ch] ?? ch)
    .trim();
}

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** Refuses with 429 and the wait in seconds while a limit is used up, without counting a hit. */
export async function assertNotThrottled(deps: AppDeps, limit: Limit, message: string): Promise<void> {
  const now = new Date();
  const state = await peekRateLimit(deps.db, limit.key, limit.windowMs, now);
  if (state && state.hits >= limit.max) {
    const retryAfter = Math.max(1, Math.ceil((Date.parse(state.windowStart) + limit.windowMs - now.getTime()) / 1000));
    throw new ApiError(429, message.replace(':seconds', String(retryAfter)));
  }
}

/** Counts one hit; returns false when this hit goes over the limit. */
export async function hit(deps: AppDeps, limit: Limit): Promise<boolean> {
  const { hits } = await hitRateLimit(deps.db, limit.key, limit.windowMs, new Date());
  return hits <= limit.max;
}

export function clearLimit(deps: AppDeps, limit: Limit): Promise<void> {
  return clearRateLimit(deps.db, limit.key);
}

export const loginLimit = (email: string, ip: string | null): Limit => ({ key: `login:${throttleIdentity(email)}|${ip ?? '-'}`, max: 5, windowMs: 60_000 });

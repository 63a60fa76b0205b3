import * as accountSecurityRepository from '@app/db/accounts/account-security';
import type { AppDeps } from '../context.ts';
import { TooManyAttemptsError } from './errors.ts';
import { interfaceLanguage } from '../settings/bootstrap.service.ts';
import type { UserAccount } from '../accounts/signed-in-user.ts';

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
  const state = await accountSecurityRepository.peekRateLimit(deps.db, limit.key, limit.windowMs, now);
  if (state && state.hits >= limit.max) {
    const retryAfter = Math.max(1, Math.ceil((Date.parse(state.windowStart) + limit.windowMs - now.getTime()) / 1000));
    throw new TooManyAttemptsError(message.replace(':seconds', String(retryAfter)));
  }
}

/** Counts one hit; returns false when this hit goes over the limit. */
export async function hit(deps: AppDeps, limit: Limit): Promise<boolean> {
  const { hits } = await accountSecurityRepository.hitRateLimit(deps.db, limit.key, limit.windowMs, new Date());
  return hits <= limit.max;
}

/**
 * The bucket of a client address: IPv4 as it is, IPv6 by its /64, the block a single subscriber
 * is given, so that an attacker cannot take a fresh address from their own block for each guess.
 */
export function throttleNetwork(ip: string): string {
  if (!ip.includes(':')) return ip;
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, undefined];
  // An IPv4 tail (`::ffff:1.2.3.4`) fills the last two groups, never the first four.
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);
  const left = groups(head);
  const right = groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** A limit on guessing a secret, whose refusal the person sees. */
export interface GuessLimit extends Limit {
  /** The 429 answer: a catalogue line in which `:seconds` becomes the wait. */
  message: string;
  /**
   * What a right guess does to the count. `clear` forgets the failures, where a right guess proves
   * the failures were the owner's typos; `refund` only gives back that attempt, where it proves
   * nothing about the others (an attacker logging into their own account between guesses at
   * other people's, or someone with a stolen password trying codes).
   */
  onSuccess: 'clear' | 'refund';
}

const MINUTE = 60_000;
// A message property, the form `pnpm ui-strings` finds and lists for translators.
const LOGIN_REFUSED = { message: 'Too many login attempts. Please try again in :seconds seconds.' };

/**
 * Failed passwords for one account, from wherever they come: 5 a minute. Kept short because
 * anyone can spend them to lock the owner out for that minute.
 */
const addressLoginLimit = (email: string): GuessLimit => ({ key: `login:${throttleIdentity(email)}`, max: 5, windowMs: MINUTE, onSuccess: 'clear', ...LOGIN_REFUSED });

/**
 * Failed passwords from one network across all accounts (password spraying): 30 in 15 minutes,
 * far more than a household or office behind one address mistypes.
 */
const networkLoginLimit = (ip: string): GuessLimit => ({ key: `login-network:${throttleNetwork(ip)}`, max: 30, windowMs: 15 * MINUTE, onSuccess: 'refund', ...LOGIN_REFUSED });

/**
 * What one password guess spends: the account's limit and its network's. Only in-process calls
 * (tests) come without an address; the Node server always knows the socket's.
 */
export const loginLimits = (email: string, ip: string | null): GuessLimit[] => [addressLoginLimit(email), ...(ip ? [networkLoginLimit(ip)] : [])];

/**
 * Wrong two-factor and recovery codes for one account across all its logins: 5 in 15 minutes.
 * Only someone with the password gets this far, so a correct password must not start it over.
 */
export const twoFactorLimit = (userId: number): GuessLimit => ({
  key: `two-factor:${userId}`,
  max: 5,
  windowMs: 15 * MINUTE,
  onSuccess: 'refund',
  message: 'Too many wrong codes. Please try again in :seconds seconds.',
});

/**
 * The refusal in the asker's language, translated before the wait is filled in: the error
 * translator (http/translate-errors.ts) looks up messages as they arrive, and a filled-in one is
 * no catalogue line.
 */
async function refusal(deps: AppDeps, user: UserAccount | null, message: string, seconds: number): Promise<TooManyAttemptsError> {
  const { lines } = await interfaceLanguage(deps, user);
  return new TooManyAttemptsError((lines[message]?.trim() ? lines[message] : message).replace(':seconds', String(seconds)));
}

export interface Attempt {
  /** The guess was right: applies each limit's `onSuccess`. A wrong guess just keeps its cost. */
  succeeded(): Promise<void>;
}

/**
 * Spends one attempt from each limit before the guess is checked. Counting first, in one
 * statement per limit, means parallel requests cannot all pass a check made before any of them
 * is counted. While any limit is used up this refuses with 429 and the longest wait, giving the
 * attempts back: a refused request was never checked, so it costs nothing.
 */
export async function spendAttempt(deps: AppDeps, limits: GuessLimit[], user: UserAccount | null): Promise<Attempt> {
  const now = new Date();
  const spent: { limit: GuessLimit; hits: number; windowStart: string }[] = [];
  for (const limit of limits) spent.push({ limit, ...(await accountSecurityRepository.hitRateLimit(deps.db, limit.key, limit.windowMs, now)) });
  const over = spent.filter(({ limit, hits }) => hits > limit.max);
  if (over.length) {
    await Promise.all(spent.map(({ limit, windowStart }) => accountSecurityRepository.refundRateLimitHit(deps.db, limit.key, windowStart)));
    const longest = over.reduce((a, b) => (Date.parse(a.windowStart) + a.limit.windowMs >= Date.parse(b.windowStart) + b.limit.windowMs ? a : b));
    const seconds = Math.max(1, Math.ceil((Date.parse(longest.windowStart) + longest.limit.windowMs - now.getTime()) / 1000));
    throw await refusal(deps, user, longest.limit.message, seconds);
  }
  return {
    async succeeded() {
      for (const { limit, windowStart } of spent) {
        if (limit.onSuccess === 'clear') await accountSecurityRepository.clearRateLimit(deps.db, limit.key);
        else await accountSecurityRepository.refundRateLimitHit(deps.db, limit.key, windowStart);
      }
    },
  };
}

import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { recordPasswordConfirmation } from '../accounts/account.service.ts';
import { endSession, hashSessionToken, resolveAuth, SESSION_COOKIE, startSession } from '../accounts/auth.service.ts';
import { browserBootstrap, buildBootstrapData, COOKIE_NOTICE_COOKIE, LANGUAGE_COOKIE, languageChoice, THEME_COOKIE } from '../settings/bootstrap.service.ts';
import { clientIp } from './client-ip.ts';
import { getCookie, isSecureRequest, setResponseCookie } from './cookies.ts';
import type { UserAccount } from '../accounts/signed-in-user.ts';

export function clientInfo(c: Context<AppEnv>) {
  return { ip: clientIp(c), userAgent: c.req.header('User-Agent') };
}

/** What a visitor chose in their cookies that changes how pages look: theme, cookie notice, language. */
export function visitorChoices(c: Context<AppEnv>) {
  return visitorChoicesIn(getCookie(c));
}

/** visitorChoices, from the request's cookies by name. */
export function visitorChoicesIn(cookies: Record<string, string | undefined>) {
  return { theme: cookies[THEME_COOKIE], cookieNotice: cookies[COOKIE_NOTICE_COOKIE], language: languageChoice(cookies[LANGUAGE_COOKIE]) };
}

/** The browser's share of the bootstrap data, as login answers carry it. */
export async function bootstrapFor(c: Context<AppEnv>) {
  return browserBootstrap(await buildBootstrapData(c.get('deps'), c.get('auth'), visitorChoices(c)));
}

/**
 * Starts a session for this request. Any session the browser already had ends first: a new id on
 * every login makes a session id planted before login worthless after it.
 */
export async function logIn(c: Context<AppEnv>, user: UserAccount, remember: boolean, options: { passwordConfirmedAt?: string | null } = {}) {
  const deps = c.get('deps');
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) await endSession(deps, previous);
  const { token, maxAgeMs } = await startSession(deps, user, remember, clientInfo(c));
  // A rotation for a security change keeps the password confirmation the old session had.
  if (options.passwordConfirmedAt) await recordPasswordConfirmation(deps, hashSessionToken(token), options.passwordConfirmedAt);
  setResponseCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureRequest(c),
    ...(maxAgeMs ? { maxAge: Math.floor(maxAgeMs / 1000) } : {}),
  });
  c.set('auth', await resolveAuth(deps, token));
}


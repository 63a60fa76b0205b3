import { lineFor } from '@app/shared/i18n/translate';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { interfaceLanguage } from '../settings/bootstrap.service.ts';

type Messages = string | string[];

/**
 * Error messages in the language of the person asking, as the interface around them: the
 * `message` and the field `errors` of a JSON error response are looked up in the lines of their
 * language (listed for translators by `pnpm ui-strings`); a message without a line stays English.
 * One place for every error, whether thrown, returned by a route or made by validation.
 */
export function translateErrors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (response.status < 400 || !(response.headers.get('Content-Type') ?? '').startsWith('application/json')) return;
    const { lines } = await interfaceLanguage(c.get('deps'), c.get('auth')?.user ?? null);
    const line = (text: string) => lineFor(lines, text) ?? text;
    const body = (await response.clone().json().catch(() => undefined)) as { message?: unknown; errors?: Record<string, Messages> } | undefined;
    if (!body || typeof body.message !== 'string' || !Object.keys(lines).length) return;
    const translated = {
      ...body,
      message: line(body.message),
      ...(body.errors && typeof body.errors === 'object'
        ? { errors: Object.fromEntries(Object.entries(body.errors).map(([field, text]) => [field, Array.isArray(text) ? text.map(line) : typeof text === 'string' ? line(text) : text])) }
        : {}),
    };
    const headers = new Headers(response.headers);
    headers.delete('Content-Length');
    // Replacing c.res would merge the old headers back in, Content-Length included.
    c.res = undefined;
    c.res = new Response(JSON.stringify(translated), { status: response.status, statusText: response.statusText, headers });
  };
}

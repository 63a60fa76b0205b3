import { randomUUID } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import type { AppEnv } from '../context.ts';
import { logger } from '../logging/logger.ts';

/** An id a proxy in front may have given the request; anything else is replaced, so no text of a client's reaches the log. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Gives every request an id (kept from a proxy's X-Request-Id, else new), sends it back in
 * X-Request-Id, and logs one line when the response starts: method, path (never the query, which
 * may carry a token), status, duration and the id. Requests that failed with a 5xx are logged with
 * their error even when LOG_REQUESTS is off.
 */
export function requestLog(config: Pick<Config['logging'], 'requests'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header('X-Request-Id');
    const id = given && REQUEST_ID.test(given) ? given : randomUUID();
    c.set('requestId', id);
    await next();
    // A page Astro or the page cache wrote to the socket itself (with the id): its status is on the Node response.
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    const sent = c.res === RESPONSE_ALREADY_SENT || c.res.headers.has('x-hono-already-sent');
    if (!sent) c.res.headers.set('X-Request-Id', id);
    const status = sent && outgoing ? outgoing.statusCode : c.res.status;
    const failed = status >= 500;
    if (!failed && !config.requests) return;
    const line = { req_id: id, method: c.req.method, path: c.req.path, status, duration_ms: Math.round((performance.now() - started) * 10) / 10 };
    if (failed) logger.error({ ...line, ...(c.error ? { err: c.error } : {}) }, 'request failed');
    else if (status >= 400) logger.warn(line, 'request');
    else logger.info(line, 'request');
  };
}

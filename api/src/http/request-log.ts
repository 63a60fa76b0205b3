import { randomUUID } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
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
    c.header('X-Request-Id', id);
    await next();
    // A page Astro wrote to the socket itself: its status is on the Node response.
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    const status = c.res.headers.has('x-hono-already-sent') && outgoing ? outgoing.statusCode : c.res.status;
    const failed = status >= 500;
    if (!failed && !config.requests) return;
    const line = { req_id: id, method: c.req.method, path: c.req.path, status, duration_ms: Math.round((performance.now() - started) * 10) / 10 };
    if (failed) logger.error({ ...line, ...(c.error ? { err: c.error } : {}) }, 'request failed');
    else if (status >= 400) logger.warn(line, 'request');
    else logger.info(line, 'request');
  };
}

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
    const id = requestIdFrom(c.req.header('X-Request-Id'));
    c.set('requestId', id);
    await next();
    // A page Astro or the page cache wrote to the socket itself (with the id): its status is on the Node response.
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    const sent = c.res === RESPONSE_ALREADY_SENT || c.res.headers.has('x-hono-already-sent');
    if (!sent) c.res.headers.set('X-Request-Id', id);
    logRequest(config, { id, method: c.req.method, path: c.req.path, status: sent && outgoing ? outgoing.statusCode : c.res.status, started }, c.error);
  };
}

/** The request's id: a proxy's, when it is a plain id, else a new one. */
export function requestIdFrom(given: string | undefined): string {
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The request's line in the log (`started` is its performance.now()). */
export function logRequest(config: Pick<Config['logging'], 'requests'>, request: { id: string; method: string; path: string; status: number; started: number }, error?: unknown): void {
  const { status } = request;
  const failed = status >= 500;
  if (!failed && !config.requests) return;
  const line = { req_id: request.id, method: request.method, path: request.path, status, duration_ms: Math.round((performance.now() - request.started) * 10) / 10 };
  if (failed) logger.error({ ...line, ...(error ? { err: error } : {}) }, 'request failed');
  else if (status >= 400) logger.warn(line, 'request');
  else logger.info(line, 'request');
}

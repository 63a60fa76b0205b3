import type { ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { AppEnv } from '../context.ts';

/**
 * Sends bytes already made (a cached answer) straight to the Node response, with the headers every
 * response carries (`pageHeaders`: security headers and the cookies set so far, see
 * setResponseCookie) and the request's id, as the page cache does for its hits: Hono would build a
 * Headers object, a Response, then turn them back into what Node writes, which costs more than the
 * rest of such a request. The middlewares after the call see RESPONSE_ALREADY_SENT and the status
 * on the Node response. Without a Node response (the app called in process) Hono sends them.
 */
export function sendBytes(c: Context<AppEnv>, status: 200, body: Uint8Array<ArrayBuffer>, headers: readonly [string, string][]): Response {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (!outgoing) return c.body(body, status, Object.fromEntries(headers));
  const list: string[] = [];
  const own = new Set<string>();
  for (const [name, value] of headers) {
    list.push(name, value);
    own.add(name.toLowerCase());
  }
  list.push('Content-Length', String(body.byteLength));
  writeResponse(outgoing, status, list, own, body, c.get('requestId'), c.get('pageHeaders'));
  return RESPONSE_ALREADY_SENT;
}

const JSON_HEADERS: readonly [string, string][] = [['Content-Type', 'application/json']];

/**
 * sendBytes for bytes that are already the JSON of a `T`, typed as `c.json(value, 200)` is: the
 * route's OpenAPI schema is still checked against `T`, and the islands' typed client still knows
 * what the route answers.
 */
export function sendJson<T>(c: Context<AppEnv>, body: Uint8Array<ArrayBuffer>): Response & TypedResponse<JSONParsed<T>, 200, 'json'> {
  return sendBytes(c, 200, body, JSON_HEADERS) as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}

/**
 * Writes a response whose own headers (`list`, a flat name, value list made for this response,
 * which this adds to; named in lower case in `own`) win over those every response carries
 * (`pageHeaders`), except the cookies, which all go.
 */
export function writeResponse(outgoing: ServerResponse, status: number, list: string[], own: ReadonlySet<string>, body: Uint8Array, requestId: string, pageHeaders: readonly (readonly [string, string])[]): void {
  list.push('X-Request-Id', requestId);
  for (const [name, value] of pageHeaders) if (name === 'Set-Cookie' || !own.has(name.toLowerCase())) list.push(name, value);
  outgoing.writeHead(status, list);
  outgoing.end(body);
}

import type { Context } from 'hono';
import type { AppDeps, AppEnv, AuthState } from '../context.ts';
import { interfaceLanguage } from '../settings/bootstrap.service.ts';
import type { SubsonicError } from './errors.ts';
import type { Params } from './params.ts';
import type { SubsonicResponse } from './responses.ts';
import { toJson, toXml } from './serialize.ts';

/** The Subsonic API version this server speaks, and how it names itself (OpenSubsonic). */
const SUBSONIC_API_VERSION = '1.16.1';
const SERVER_TYPE = 'cadence';
const SERVER_VERSION = '1.0.0';

export type Format = 'xml' | 'json';

function envelope(status: 'ok' | 'failed', body: SubsonicResponse) {
  return { status, version: SUBSONIC_API_VERSION, type: SERVER_TYPE, serverVersion: SERVER_VERSION, openSubsonic: true, ...body };
}

export function respond(c: Context<AppEnv>, format: Format, body: SubsonicResponse, status: 'ok' | 'failed' = 'ok'): Response {
  const payload = envelope(status, body);
  // Subsonic answers every call with 200, failures included: apps read the status from the body.
  return format === 'json'
    ? c.body(toJson('subsonic-response', payload), 200, { 'Content-Type': 'application/json; charset=utf-8' })
    : c.body(toXml('subsonic-response', payload), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
}

export async function respondError(c: Context<AppEnv>, format: Format, error: SubsonicError, user: AuthState['user']): Promise<Response> {
  const { lines } = await interfaceLanguage(c.get('deps'), user);
  let message = lines[error.message]?.trim() ? lines[error.message] : error.message;
  for (const [key, value] of Object.entries(error.replacements)) message = message.replaceAll(`:${key}`, value);
  return respond(c, format, { error: { code: error.code, message } }, 'failed');
}

export interface Call {
  c: Context<AppEnv>;
  deps: AppDeps;
  auth: AuthState;
  params: Params;
}

type Handler = (call: Call) => Promise<SubsonicResponse | Response>;

/** A method and whether it needs `music.view` (browsing and listening), as the site's pages and calls do. */
export const method = (listens: boolean, handler: Handler) => ({ listens, handler });

/** A table of methods by the name apps call them. */
export type Methods = Record<string, ReturnType<typeof method>>;

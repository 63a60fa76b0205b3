import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { constraintViolation, isNotWhitelistedError, unstorableText } from '@app/db';
import { z } from 'zod';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  MalformedRequestError,
  NotFoundError,
  storageFailureOf,
  TooLargeError,
  TooManyAttemptsError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
  zodErrorsByField,
} from '../common/errors.ts';
import { StoragePathError, StorageUnavailableError, type StorageFailure } from '../storage/storage.ts';
import { isApiPath } from './paths.ts';

/** The error payload of the specification: `message`, and for validation `errors` by field. */
export interface ErrorPayload {
  message: string;
  errors?: Record<string, string | string[]>;
  action?: { label: string; action: string };
  exception?: string;
  trace?: string[];
}

/** A browser asking for a page (not an API call) gets HTML, never JSON. */
export function wantsPage(c: Context): boolean {
  return !isApiPath(c.req.path) && (c.req.header('Accept') ?? '').includes('text/html');
}

/** 419 is Laravel's "page expired", which the client understands as a stale CSRF token. */
type ErrorStatus = ContentfulStatusCode | 419;

/**
 * An error only HTTP knows of (a body that is not JSON, a stale CSRF token). Rules broken inside a
 * service are `DomainError`s, answered below with the same payload.
 */
export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly errors?: Record<string, string | string[]>;
  constructor(status: ErrorStatus, message: string, errors?: Record<string, string | string[]>) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

// Routes throw the services' errors too, so one vocabulary serves both layers.
export { forbidden, notFound, unauthenticated, validationFailed, zodErrorsByField } from '../common/errors.ts';

/** The status that answers each kind of domain error. */
const DOMAIN_STATUSES: [new (...args: never[]) => DomainError, ContentfulStatusCode][] = [
  [MalformedRequestError, 400],
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [TooLargeError, 413],
  [ValidationError, 422],
  [TooManyAttemptsError, 429],
  [UnavailableError, 503],
];

export function domainStatus(error: DomainError): ContentfulStatusCode {
  return DOMAIN_STATUSES.find(([kind]) => error instanceof kind)?.[1] ?? 422;
}

/** Hook for every zod-validated request part: one clear 422 instead of the validator's default 400. */
export const validationHook = (result: { success: boolean; error?: unknown }, c: Context) => {
  if (!result.success && result.error instanceof z.ZodError) {
    const errors = zodErrorsByField(result.error);
    return c.json({ message: Object.values(errors)[0] ?? 'The given data was invalid.', errors } satisfies ErrorPayload, 422);
  }
};

/**
 * The generic error page, for page requests that fail before the site can render one (for
 * example when the database is unreachable). Self-contained: no data, no scripts.
 */
export function errorPage(status: number): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>There was an issue loading this page</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;text-align:center;color:#222;background:#fff}
@media (prefers-color-scheme:dark){body{color:#eee;background:#121215}}a{color:inherit}</style></head>
<body><main><h1>There was an issue loading this page</h1><p>Please try again later</p><p><a href="">Try again</a></p><!-- ${status} --></main></body>
</html>`;
}

/** What a visitor is told when the server cannot store what they sent: never a path, a code or the disk's name. */
const STORAGE_FAILURES: Record<StorageFailure, ErrorPayload> = {
  full: { message: 'The server has no room to store this. Try again later.' },
  unwritable: { message: 'The server cannot store this right now. Try again later.' },
};

export function errorResponse(error: unknown, c: Context, debug: boolean): Response {
  if (error instanceof ApiError || error instanceof DomainError) {
    const status = error instanceof ApiError ? (error.status as ContentfulStatusCode) : domainStatus(error);
    return c.json({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) } satisfies ErrorPayload, status);
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    const message = error.message || (status === 400 ? 'The request could not be read.' : 'The request failed.');
    return c.json({ message } satisfies ErrorPayload, status);
  }
  if (error instanceof z.ZodError) {
    const errors = zodErrorsByField(error);
    return c.json({ message: Object.values(errors)[0] ?? 'The given data was invalid.', errors } satisfies ErrorPayload, 422);
  }
  if (isNotWhitelistedError(error)) {
    return c.json({ message: error.message } satisfies ErrorPayload, 422);
  }
  // Checks before writing give precise field errors; these catch what slips between check and write.
  const violation = constraintViolation(error);
  if (violation) {
    const message = violation === 'unique' ? 'This value is already taken.' : 'A related record does not exist.';
    return c.json({ message } satisfies ErrorPayload, 422);
  }
  if (unstorableText(error)) {
    return c.json({ message: 'The text contains a character that cannot be stored.' } satisfies ErrorPayload, 422);
  }
  if (error instanceof StoragePathError) {
    return c.json({ message: 'That file name is not allowed.' } satisfies ErrorPayload, 400);
  }
  if (error instanceof StorageUnavailableError) {
    if (wantsPage(c)) return c.html(errorPage(503), 503, { 'Retry-After': '30' });
    return c.json({ message: 'The server cannot reach its storage right now. Try again later.' } satisfies ErrorPayload, 503, { 'Retry-After': '30' });
  }
  // 507 Insufficient Storage: the request was fine, the server could not keep it. The caller logs
  // the real error for the admin; reads go on being served.
  const storageFailure = storageFailureOf(error);
  if (storageFailure) {
    if (wantsPage(c)) return c.html(errorPage(507), 507);
    return c.json(STORAGE_FAILURES[storageFailure], 507);
  }
  if (wantsPage(c)) return c.html(errorPage(500), 500);
  const payload: ErrorPayload = { message: 'There was an issue. Please try again.' };
  // Stack traces reveal code and paths: only a deployment that opted into debugging gets them.
  if (debug && error instanceof Error) {
    payload.exception = error.name;
    payload.message = error.message || payload.message;
    payload.trace = (error.stack ?? '').split('\n').slice(1).map((line) => line.trim());
  }
  return c.json(payload, 500);
}

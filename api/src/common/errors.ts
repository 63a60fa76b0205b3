import { databaseStorageFailure } from '@app/db';
import type { z } from 'zod';
import { StorageWriteError, type StorageFailure } from '../storage/storage.ts';

/** Messages by field name (dotted paths), as the API sends them in `errors`. */
export type FieldErrors = Record<string, string | string[]>;

/**
 * A rule a request broke, said in the service's terms. Services know nothing of HTTP: the one
 * `onError` (`http/errors.ts`) answers each kind with its status. The message (and the field
 * errors) are catalogue lines, sent in the language of the person asking.
 */
export abstract class DomainError extends Error {
  readonly errors?: FieldErrors;
  constructor(message: string, errors?: FieldErrors) {
    super(message);
    this.name = new.target.name;
    this.errors = errors;
  }
}

/** What was sent cannot be read at all: a header, a signature, an event that is not one. */
export class MalformedRequestError extends DomainError {}
/** Nobody is logged in, or the credential is not valid. */
export class UnauthenticatedError extends DomainError {}
/** Someone is logged in, but may not do this. */
export class ForbiddenError extends DomainError {}
export class NotFoundError extends DomainError {}
/** The thing is not in a state that allows it (already reviewed, already used, not finished). */
export class ConflictError extends DomainError {}
/** More than the settings let a user store at once. */
export class TooLargeError extends DomainError {}
/** The data breaks a rule; `errors` says which field when one is to blame. */
export class ValidationError extends DomainError {}
/** Too many tries in too little time. */
export class TooManyAttemptsError extends DomainError {}
/** Something the service depends on (a payment provider) is not set up or cannot be reached. */
export class UnavailableError extends DomainError {}

// The default messages are written out in `new …Error('…')` so that `pnpm ui-strings` lists them.
export const notFound = (message?: string) => (message === undefined ? new NotFoundError('The requested resource was not found.') : new NotFoundError(message));
export const unauthenticated = () => new UnauthenticatedError('You need to log in to do that.');
export const forbidden = (message?: string) => (message === undefined ? new ForbiddenError("You don't have permission to do that.") : new ForbiddenError(message));
/** The first field's message is the summary, as the spec's 422 payload has it. */
export const validationFailed = (errors: FieldErrors, message?: string) =>
  new ValidationError(message ?? (Object.values(errors).flat()[0] as string | undefined) ?? 'The given data was invalid.', errors);

/** Zod issues mapped to field names (dotted paths); unknown keys are reported on themselves. */
export function zodErrorsByField(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[[...issue.path, key].join('.')] ??= `Unknown field "${key}".`;
      continue;
    }
    const field = issue.path.length ? issue.path.join('.') : 'body';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Whether an error means the server could not store something: a storage write that failed, a
 * code only writes raise (from the error log, the upload store or any library), or a database
 * that has no room or cannot be written.
 */
export function storageFailureOf(error: unknown): StorageFailure | undefined {
  if (error instanceof StorageWriteError) return error.failure;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'full';
  if (code === 'EROFS') return 'unwritable';
  return databaseStorageFailure(error);
}

/**
 * For the bookkeeping writes a read makes (marking a session or token as used): a disk that has no
 * room, or cannot be written, must not stop the read, so that failure is let go; any other is thrown.
 */
export function unlessStorageFailure(error: unknown): void {
  if (!storageFailureOf(error)) throw error;
}

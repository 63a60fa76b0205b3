import { DomainError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../common/errors.ts';

/**
 * Subsonic's error codes. Subsonic answers failures with HTTP 200 and `status="failed"`, so these
 * travel in the body; the message is a catalogue line like the rest of the API's.
 */
export const SUBSONIC_ERROR = {
  generic: 0,
  missingParameter: 10,
  clientTooOld: 20,
  serverTooOld: 30,
  wrongCredentials: 40,
  tokenAuthNotSupported: 41,
  authMechanismNotSupported: 42,
  conflictingAuth: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  notFound: 70,
} as const;

export type SubsonicErrorCode = (typeof SUBSONIC_ERROR)[keyof typeof SUBSONIC_ERROR];

export class SubsonicError extends Error {
  readonly code: SubsonicErrorCode;
  /** Filled into the message (`:name`) after it is translated. */
  readonly replacements: Record<string, string>;
  constructor(code: SubsonicErrorCode, message: string, replacements: Record<string, string> = {}) {
    super(message);
    this.name = 'SubsonicError';
    this.code = code;
    this.replacements = replacements;
  }
}

/** The site's domain errors in Subsonic's codes. */
export function subsonicErrorOf(error: unknown): SubsonicError | undefined {
  if (error instanceof SubsonicError) return error;
  if (!(error instanceof DomainError)) return undefined;
  if (error instanceof NotFoundError) return new SubsonicError(SUBSONIC_ERROR.notFound, error.message);
  if (error instanceof ForbiddenError || error instanceof UnauthenticatedError) return new SubsonicError(SUBSONIC_ERROR.notAuthorized, error.message);
  if (error instanceof ValidationError) {
    const first = error.errors ? Object.values(error.errors).flat()[0] : undefined;
    return new SubsonicError(SUBSONIC_ERROR.generic, typeof first === 'string' ? first : error.message);
  }
  return new SubsonicError(SUBSONIC_ERROR.generic, error.message);
}

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

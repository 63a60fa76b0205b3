import { randomBytes } from 'node:crypto';

/**
 * Errors in PayPal's wire shape: `{ name, message, debug_id, details: [{ field, value, location,
 * issue, description }], links }` with the status PayPal uses (400 INVALID_REQUEST, 401
 * AUTHENTICATION_FAILURE, 404 RESOURCE_NOT_FOUND, 422 UNPROCESSABLE_ENTITY). The OAuth endpoint
 * answers in OAuth's own `{ error, error_description }` shape, as PayPal's does.
 */
export interface ErrorDetail {
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'query' | 'header';
  issue: string;
  description: string;
}

export class PayPalError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;

  constructor(status: number, body: Record<string, unknown>) {
    super(String(body.message ?? body.error_description ?? body.error));
    this.status = status;
    this.body = body;
  }
}

const MESSAGES = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  AUTHENTICATION_FAILURE: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  UNPROCESSABLE_ENTITY: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  NOT_AUTHORIZED: 'Authorization failed due to insufficient permissions.',
  INTERNAL_SERVER_ERROR: 'An internal server error has occurred.',
} as const;

type ErrorName = keyof typeof MESSAGES;

function paypalError(status: number, name: ErrorName, details: ErrorDetail[] = []): PayPalError {
  return new PayPalError(status, {
    name,
    message: MESSAGES[name],
    debug_id: randomBytes(7).toString('hex').slice(0, 13),
    ...(details.length ? { details } : {}),
    links: [{ href: `https://developer.paypal.com/docs/api/v1/billing/subscriptions#${name}`, rel: 'information_link', method: 'GET' }],
  });
}

export const errors = {
  invalidRequest: (details: ErrorDetail[]) => paypalError(400, 'INVALID_REQUEST', details),
  missing: (field: string) =>
    paypalError(400, 'INVALID_REQUEST', [{ field, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' }]),
  invalidValue: (field: string, value: unknown, description = 'The value of a field is invalid.', location: ErrorDetail['location'] = 'body') =>
    paypalError(400, 'INVALID_REQUEST', [
      { field, value: typeof value === 'string' ? value : JSON.stringify(value), location, issue: 'INVALID_PARAMETER_VALUE', description },
    ]),
  invalidSyntax: (field: string, value: unknown, description = 'The value of a field does not conform to the expected format.') =>
    paypalError(400, 'INVALID_REQUEST', [
      { field, value: typeof value === 'string' ? value : JSON.stringify(value), location: 'body', issue: 'INVALID_PARAMETER_SYNTAX', description },
    ]),
  /** A field PayPal has but this double does not implement: refused, so the product cannot rely on it here only. */
  unsupported: (field: string) =>
    paypalError(400, 'INVALID_REQUEST', [
      {
        field,
        location: 'body',
        issue: 'UNSUPPORTED_FIELD',
        description: 'paypal-local does not implement this field; see tests/support/paypal-local/README.md for the subset it supports.',
      },
    ]),
  malformedJson: () =>
    paypalError(400, 'INVALID_REQUEST', [{ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.', location: 'body' }]),
  authentication: () => paypalError(401, 'AUTHENTICATION_FAILURE'),
  notFound: (issue = 'INVALID_RESOURCE_ID', description = 'Requested resource ID was not found.') =>
    paypalError(404, 'RESOURCE_NOT_FOUND', [{ issue, description }]),
  unprocessable: (issue: string, description: string, field?: string) =>
    paypalError(422, 'UNPROCESSABLE_ENTITY', [{ ...(field ? { field, location: 'body' as const } : {}), issue, description }]),
  internal: () => paypalError(500, 'INTERNAL_SERVER_ERROR'),
  oauthClient: () => new PayPalError(401, { error: 'invalid_client', error_description: 'Client Authentication failed' }),
  oauthGrant: () => new PayPalError(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' }),
};

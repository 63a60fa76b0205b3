/**
 * Errors in Stripe's wire shape: `{ error: { type, code, message, param, ... } }` with the HTTP
 * status Stripe uses, so the SDK raises the same error classes (StripeInvalidRequestError,
 * StripeCardError, ...) as it does against api.stripe.com.
 */
export type StripeErrorType =
  | 'api_error'
  | 'card_error'
  | 'idempotency_error'
  | 'invalid_request_error'
  | 'authentication_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
  payment_method?: unknown;
}

export class StripeError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;

  constructor(status: number, body: StripeErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body.code ? { ...body, doc_url: `https://stripe.com/docs/error-codes/${body.code.replaceAll('_', '-')}` } : body;
  }
}

function invalid(message: string, param?: string, code?: string, status = 400) {
  return new StripeError(status, { type: 'invalid_request_error', message, ...(code ? { code } : {}), ...(param ? { param } : {}) });
}

export const errors = {
  missingParam: (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing'),
  cannotUnset: (param: string) =>
    invalid(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      param,
      'parameter_invalid_empty',
    ),
  unknownParam: (param: string) =>
    invalid(
      `Received unknown parameter: ${param}. (stripe-local rejects parameters it does not implement rather than ignoring them.)`,
      param,
      'parameter_unknown',
    ),
  invalidParam: (param: string, message: string, code = 'parameter_invalid_empty') => invalid(message, param, code),
  invalidInteger: (param: string, value: string) => invalid(`Invalid integer: ${value}`, param, 'parameter_invalid_integer'),
  invalidBoolean: (param: string, value: string) => invalid(`Invalid boolean: ${value}`, param),
  invalidEnum: (param: string, value: string, allowed: readonly string[]) =>
    invalid(`Invalid ${param}: must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`, param),
  invalidString: (param: string) => invalid(`Invalid string: ${param} must be a string, not a hash or an array.`, param),
  invalidHash: (param: string) => invalid(`Invalid object: ${param} must be a hash.`, param),
  invalidArray: (param: string) => invalid(`Invalid array: ${param} must be an array.`, param),
  /** A referenced object that does not exist: 404 on the path, 400 when named by a parameter. */
  noSuch: (kind: string, id: string, param = 'id', status = param === 'id' ? 404 : 400) =>
    invalid(`No such ${kind}: '${id}'`, param, 'resource_missing', status),
  /** A request that is valid in shape but not allowed in the object's state. */
  state: (message: string, param?: string, code?: string) => invalid(message, param, code),
  unsupported: (what: string, param?: string) =>
    invalid(`stripe-local does not implement ${what}. It supports the subset of the API described in tests/support/stripe-local/README.md.`, param),
  notFoundRoute: (method: string, path: string) =>
    invalid(`Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`, undefined, undefined, 404),
  noApiKey: () =>
    new StripeError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    }),
  badApiKey: (key: string) =>
    new StripeError(401, {
      type: 'invalid_request_error',
      code: 'api_key_invalid',
      message: `Invalid API Key provided: ${key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : '****'}`,
    }),
  idempotencyMismatch: (key: string) =>
    new StripeError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    }),
  card: (code: string, message: string, declineCode?: string, param?: string) =>
    new StripeError(402, { type: 'card_error', code, message, ...(declineCode ? { decline_code: declineCode } : {}), ...(param ? { param } : {}) }),
};

import type { AppDeps } from '../context.ts';
import { NotFoundError, UnavailableError } from '../common/errors.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { NOT_SET_UP, UNAVAILABLE } from './stripe-gateway.ts';
import { logger } from '../logging/logger.ts';

/*
 * A small typed client for the part of PayPal's REST API billing uses (catalog products, billing
 * plans, subscriptions, webhook verification), over fetch: PayPal's server SDKs are deprecated
 * or pull in far more than these calls. Shapes follow developer.paypal.com's reference.
 */

export type PayPalIntervalUnit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
export type PayPalSubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface PayPalMoney {
  currency_code: string;
  value: string;
}

export interface PayPalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PayPalProduct {
  id: string;
  name: string;
  description?: string;
}

export interface PayPalBillingCycle {
  frequency: { interval_unit: PayPalIntervalUnit; interval_count: number };
  tenure_type: 'REGULAR' | 'TRIAL';
  sequence: number;
  total_cycles: number;
  pricing_scheme?: { fixed_price?: PayPalMoney };
}

export interface PayPalPlan {
  id: string;
  product_id: string;
  name: string;
  status: 'CREATED' | 'INACTIVE' | 'ACTIVE';
  billing_cycles?: PayPalBillingCycle[];
}

export interface PayPalSubscription {
  id: string;
  status: PayPalSubscriptionStatus;
  status_update_time?: string;
  plan_id?: string;
  custom_id?: string;
  start_time?: string;
  create_time?: string;
  subscriber?: { email_address?: string };
  billing_info?: {
    next_billing_time?: string;
    last_payment?: { amount?: PayPalMoney; time?: string };
    failed_payments_count?: number;
    outstanding_balance?: PayPalMoney;
  };
  links?: PayPalLink[];
}

export interface PayPalTransaction {
  id: string;
  status?: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';
  amount_with_breakdown: { gross_amount: PayPalMoney };
  time: string;
}

/** PayPal's error body: a name, a message, and details naming the field at fault. */
export class PayPalError extends Error {
  readonly status: number;
  readonly name: string;
  readonly details: { issue?: string; description?: string; field?: string }[];
  readonly debugId: string | undefined;
  constructor(status: number, body: { name?: unknown; message?: unknown; details?: unknown; debug_id?: unknown; error?: unknown; error_description?: unknown }) {
    const message = typeof body.message === 'string' ? body.message : typeof body.error_description === 'string' ? body.error_description : `PayPal answered ${status}`;
    super(message);
    this.status = status;
    this.name = typeof body.name === 'string' ? body.name : typeof body.error === 'string' ? body.error : 'PAYPAL_ERROR';
    this.details = Array.isArray(body.details) ? body.details.filter((d): d is PayPalError['details'][number] => typeof d === 'object' && d !== null) : [];
    this.debugId = typeof body.debug_id === 'string' ? body.debug_id : undefined;
  }
}

interface CachedToken {
  value: string;
  expiresAt: number;
}

/**
 * Access tokens by API address and credentials. A cache only: a process without it asks PayPal for
 * a new token, so several processes each keep their own and nothing is lost on restart.
 */
const tokens = new Map<string, CachedToken>();

export class PayPalClient {
  readonly apiUrl: string;
  readonly #clientId: string;
  readonly #secret: string;

  constructor(apiUrl: string, clientId: string, secret: string) {
    this.apiUrl = apiUrl;
    this.#clientId = clientId;
    this.#secret = secret;
  }

  get #tokenKey(): string {
    return JSON.stringify([this.apiUrl, this.#clientId, this.#secret]);
  }

  async #token(): Promise<string> {
    const cached = tokens.get(this.#tokenKey);
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    const response = await fetch(`${this.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${this.#clientId}:${this.#secret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (!response.ok || typeof body.access_token !== 'string') throw new PayPalError(response.status, body as never);
    // Renewed a minute early, so a token never runs out between the check and PayPal reading it.
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 300;
    tokens.set(this.#tokenKey, { value: body.access_token, expiresAt: Date.now() + Math.max(0, lifetime - 60) * 1000 });
    return body.access_token;
  }

  /** One call; a token PayPal no longer takes (revoked, expired early) is replaced once. */
  async request<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, options: { requestId?: string; rawBody?: string } = {}): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(`${this.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${await this.#token()}`,
          Accept: 'application/json',
          ...(body !== undefined || options.rawBody !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...(options.requestId ? { 'PayPal-Request-Id': options.requestId } : {}),
        },
        body: options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
        signal: AbortSignal.timeout(20_000),
      });
      if (response.status === 401 && attempt === 0) {
        tokens.delete(this.#tokenKey);
        continue;
      }
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      if (!response.ok) throw new PayPalError(response.status, (typeof parsed === 'object' && parsed !== null ? parsed : {}) as never);
      return parsed as T;
    }
  }

  createProduct(product: { name: string; description?: string }): Promise<PayPalProduct> {
    return this.request('POST', '/v1/catalogs/products', { ...product, type: 'SERVICE' });
  }

  getProduct(id: string): Promise<PayPalProduct> {
    return this.request('GET', `/v1/catalogs/products/${encodeURIComponent(id)}`);
  }

  /** PayPal lets a product's description change, not its name (JSON Patch). */
  updateProductDescription(id: string, description: string): Promise<void> {
    return this.request('PATCH', `/v1/catalogs/products/${encodeURIComponent(id)}`, [{ op: 'replace', path: '/description', value: description }]);
  }

  createPlan(plan: { product_id: string; name: string; description?: string; billing_cycles: PayPalBillingCycle[]; payment_preferences: Record<string, unknown> }): Promise<PayPalPlan> {
    return this.request('POST', '/v1/billing/plans', { ...plan, status: 'ACTIVE' });
  }

  getPlan(id: string): Promise<PayPalPlan> {
    return this.request('GET', `/v1/billing/plans/${encodeURIComponent(id)}`);
  }

  /** The product's plans, every page of them (PayPal pages by 20). */
  async listPlans(productId: string): Promise<PayPalPlan[]> {
    const plans: PayPalPlan[] = [];
    for (let page = 1; page <= 50; page += 1) {
      const query = new URLSearchParams({ product_id: productId, page_size: '20', page: String(page), total_required: 'true' });
      const body = await this.request<{ plans?: PayPalPlan[]; total_pages?: number }>('GET', `/v1/billing/plans?${query}`);
      plans.push(...(Array.isArray(body?.plans) ? body.plans : []));
      if (!body?.plans?.length || page >= (body.total_pages ?? 1)) break;
    }
    return plans;
  }

  activatePlan(id: string): Promise<void> {
    return this.request('POST', `/v1/billing/plans/${encodeURIComponent(id)}/activate`);
  }

  deactivatePlan(id: string): Promise<void> {
    return this.request('POST', `/v1/billing/plans/${encodeURIComponent(id)}/deactivate`);
  }

  createSubscription(subscription: Record<string, unknown>): Promise<PayPalSubscription> {
    return this.request('POST', '/v1/billing/subscriptions', subscription);
  }

  getSubscription(id: string): Promise<PayPalSubscription> {
    return this.request('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`);
  }

  cancelSubscription(id: string, reason: string): Promise<void> {
    return this.request('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, { reason });
  }

  reviseSubscription(id: string, revision: { plan_id: string; application_context: Record<string, unknown> }): Promise<{ plan_id?: string; links?: PayPalLink[] }> {
    return this.request('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/revise`, revision);
  }

  /**
   * Refunds a subscription's payment in full (Payments v2: a subscription's transaction id is the
   * capture's). `requestId` makes a repeat of the call answer the first refund instead of refunding again.
   */
  refundCapture(captureId: string, requestId: string): Promise<{ id: string; status: string }> {
    return this.request('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {}, { requestId });
  }

  async listTransactions(id: string, startTime: string, endTime: string): Promise<PayPalTransaction[]> {
    const query = new URLSearchParams({ start_time: startTime, end_time: endTime });
    const body = await this.request<{ transactions?: PayPalTransaction[] }>('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}/transactions?${query}`);
    return Array.isArray(body?.transactions) ? body.transactions : [];
  }

  /**
   * PayPal's own check of a webhook delivery. The event is passed as the exact bytes received: PayPal
   * signs those, and parsing and writing them again could change them (number formats, key order).
   */
  async verifyWebhookSignature(headers: WebhookHeaders, webhookId: string, rawEvent: string): Promise<boolean> {
    const fields = JSON.stringify({
      auth_algo: headers.authAlgo,
      cert_url: headers.certUrl,
      transmission_id: headers.transmissionId,
      transmission_sig: headers.transmissionSig,
      transmission_time: headers.transmissionTime,
      webhook_id: webhookId,
    });
    const rawBody = `${fields.slice(0, -1)},"webhook_event":${rawEvent}}`;
    const result = await this.request<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', undefined, { rawBody });
    return result?.verification_status === 'SUCCESS';
  }
}

export interface WebhookHeaders {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

/** PayPal as this site reaches it: the client and the id of the registered webhook, when configured. */
export interface PayPalGateway {
  paypal: PayPalClient;
  webhookId: string | undefined;
}

/**
 * PayPal when it is switched on in Settings › Subscriptions and has a client id and secret
 * (PAYPAL_* variables win over the settings); null otherwise, so checkout simply does not offer it.
 */
export async function paypalGateway(deps: AppDeps): Promise<PayPalGateway | null> {
  const settings = await loadSettings(deps.db);
  if (!settings['billing.paypal.enable']) return null;
  const config = deps.config.paypal;
  const clientId = config.clientId ?? settings['billing.paypal.client_id'];
  const secret = config.secret ?? settings['billing.paypal.secret'];
  if (!clientId || !secret) return null;
  return { paypal: new PayPalClient(config.apiUrl, clientId, secret), webhookId: config.webhookId ?? (settings['billing.paypal.webhook_id'] || undefined) };
}

export async function requirePayPal(deps: AppDeps): Promise<PayPalGateway> {
  const gateway = await paypalGateway(deps);
  if (!gateway) throw new UnavailableError(NOT_SET_UP);
  return gateway;
}

export function isPayPalError(error: unknown): error is PayPalError {
  return error instanceof PayPalError;
}

/** PayPal answered that the object does not exist (a wrong or another merchant's id). */
export function isPayPalMissing(error: unknown): boolean {
  return isPayPalError(error) && (error.status === 404 || error.name === 'RESOURCE_NOT_FOUND' || error.details.some((d) => d.issue === 'INVALID_RESOURCE_ID'));
}

/**
 * What a user is told when a PayPal call fails: not found for a foreign id, "not available now" for
 * anything else (PayPal's internals are logged, not shown), never a 500. Our own errors and bugs go on.
 */
export function paypalFailure(error: unknown): unknown {
  if (isPayPalMissing(error)) return new NotFoundError('The requested resource was not found.');
  const network = error instanceof TypeError || (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'));
  if (!isPayPalError(error) && !network) return error;
  if (isPayPalError(error)) logger.error({ status: error.status, name: error.name, debug_id: error.debugId, reason: error.message, details: error.details }, 'PayPal refused a call');
  else logger.error({ reason: (error as Error).message }, 'PayPal could not be reached');
  return new UnavailableError(UNAVAILABLE);
}

export async function withPayPal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw paypalFailure(error);
  }
}

/** The link of a PayPal answer with this rel (approve, edit...). */
export function linkOf(links: PayPalLink[] | undefined, rel: string): string | null {
  const href = links?.find((link) => link.rel === rel)?.href;
  return typeof href === 'string' && /^https?:\/\//.test(href) ? href : null;
}

/**
 * Where the payer changes how PayPal pays a subscription: PayPal's automatic payments page (live or
 * sandbox after the API address; a test double serves its own stand-in at the same path).
 */
export function autopayUrl(apiUrl: string): string {
  if (apiUrl === 'https://api-m.paypal.com' || apiUrl === 'https://api.paypal.com') return 'https://www.paypal.com/myaccount/autopay/';
  if (apiUrl === 'https://api-m.sandbox.paypal.com' || apiUrl === 'https://api.sandbox.paypal.com') return 'https://www.sandbox.paypal.com/myaccount/autopay/';
  return `${apiUrl}/myaccount/autopay/`;
}

/** A time PayPal sent, as the ISO dates the database keeps; null when missing or unreadable. */
export function isoFromPayPal(value: string | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Digits after the decimal point of a currency (2 for EUR, 0 for JPY), as Intl knows them. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Minor units (our amounts) to PayPal's decimal string in major units: 999 EUR → "9.99". */
export function toPayPalValue(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** PayPal's decimal string back to minor units; null when it is not a number. */
export function fromPayPalValue(value: string | undefined, currency: string): number | null {
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value)) return null;
  const digits = currencyDigits(currency);
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const minor = Number(whole) * 10 ** digits + Number((fraction + '0'.repeat(digits)).slice(0, digits) || '0');
  return negative ? -minor : minor;
}

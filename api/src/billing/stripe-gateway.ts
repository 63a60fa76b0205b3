import type Stripe from 'stripe';
import type { AppDeps } from '../context.ts';
import { NotFoundError, UnavailableError, ValidationError } from '../common/errors.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { msg } from '../i18n/msg.ts';
import { logger } from '../logging/logger.ts';

export type { Stripe };

/*
 * The Stripe SDK (some 6 MB of memory) is loaded when a site with Stripe switched on first needs
 * it, not at start: most requests, and sites without Stripe, never do.
 */
let sdk: typeof Stripe | undefined;
async function loadStripe(): Promise<typeof Stripe> {
  sdk ??= (await import('stripe')).default;
  return sdk;
}

/** Stripe as this site reaches it: the SDK client and the webhook signing secret, when configured. */
export interface StripeGateway {
  stripe: Stripe;
  webhookSecret: string | undefined;
}

export const NOT_SET_UP = msg('Payments are not set up yet.');
export const UNAVAILABLE = msg('Payments are not available right now. Try again in a few minutes.');

/** One SDK client per key and address: the client keeps its HTTP agent, so calls reuse connections. */
const clients = new Map<string, Stripe>();

async function client(secretKey: string, address: AppDeps['config']['stripe']): Promise<Stripe> {
  const key = JSON.stringify([secretKey, address.host, address.port, address.protocol]);
  let stripe = clients.get(key);
  if (!stripe) {
    const StripeSdk = await loadStripe();
    stripe = new StripeSdk(secretKey, {
      // Pinned to the version this code and its types were written for, whatever the account's default.
      apiVersion: StripeSdk.API_VERSION,
      host: address.host,
      port: address.port,
      protocol: address.protocol,
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Cadence' },
    });
    clients.set(key, stripe);
  }
  return stripe;
}

/**
 * Stripe when it is switched on in Settings › Subscriptions and has a secret key (STRIPE_SECRET_KEY
 * wins over the setting); null otherwise, so a site without Stripe starts and simply cannot take payments.
 */
export async function stripeGateway(deps: AppDeps): Promise<StripeGateway | null> {
  const settings = await loadSettings(deps.db);
  if (!settings['billing.stripe.enable']) return null;
  const secretKey = deps.config.stripe.secretKey ?? settings['billing.stripe.secret_key'];
  if (!secretKey) return null;
  return {
    stripe: await client(secretKey, deps.config.stripe),
    webhookSecret: deps.config.stripe.webhookSecret ?? (settings['billing.stripe.webhook_secret'] || undefined),
  };
}

/** Stripe, or the 503 a visitor sees when the site takes no payments. */
export async function requireStripe(deps: AppDeps): Promise<StripeGateway> {
  const gateway = await stripeGateway(deps);
  if (!gateway) throw new UnavailableError(NOT_SET_UP);
  return gateway;
}

export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  // Only the SDK makes its errors: before it is loaded, no error is one.
  return sdk !== undefined && error instanceof sdk.errors.StripeError;
}

/** Stripe answered that the object does not exist (a wrong or foreign id). */
export function isMissing(error: unknown): boolean {
  return isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404);
}

/**
 * What a user is told when a Stripe call fails: a card problem in Stripe's words (they are written
 * for the card holder), anything else as "not available now", never Stripe's internals or a 500.
 */
export function stripeFailure(error: unknown): unknown {
  // Our own errors, and bugs, go on as they are (a bug is logged as the 500 it is).
  if (!isStripeError(error)) return error;
  if (error.type === 'StripeCardError') return new ValidationError(error.message || 'Your card was declined.');
  if (isMissing(error)) return new NotFoundError('The requested resource was not found.');
  logger.error({ type: error.type, code: error.code, reason: error.message }, 'Stripe refused a call');
  return new UnavailableError(UNAVAILABLE);
}

/** Runs Stripe calls, turning their failures into the answers above. */
export async function withStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw stripeFailure(error);
  }
}

/** Stripe's ids are objects when expanded and strings otherwise. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Unix seconds (Stripe) to the ISO dates the database keeps. */
export function isoFromUnix(seconds: number | null | undefined): string | null {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;
}

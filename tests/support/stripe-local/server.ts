import type { IncomingMessage } from 'node:http';
import Stripe from 'stripe';
import { type CompiledRoute as CompiledRouteOf, compileRoutes, matchRoute, readBody as readSharedBody } from '../local-double/http.ts';
import { type Answer, htmlAnswer, serveDouble } from '../local-double/server.ts';
import { catchUp } from './billing/clock.ts';
import { type Ctx, type Route, StripeLocal, type StripeLocalOptions } from './core/app.ts';
import { StripeError, errors } from './core/errors.ts';
import { expand } from './core/expand.ts';
import { newId } from './core/ids.ts';
import { Params, parseForm } from './core/params.ts';
import { adaptToVersion } from './core/versions.ts';
import { checkoutDonePage, checkoutPage } from './pages/checkout-page.ts';
import { creditNotePdf, invoicePage, invoicePdf } from './pages/invoice-page.ts';
import { completeCheckout } from './resources/checkout-sessions.ts';
import { apiRoutes, expandHooks, presenter } from './resources/registry.ts';
import { configureEndpoint, configuredEndpoint } from './resources/webhook-endpoints.ts';
import { testControlRoutes } from './test-controls.ts';

export interface ServerOptions extends Partial<StripeLocalOptions> {
  /**
   * A webhook endpoint to create at start, with the signing secret the product was given
   * (without one: the secret it had in the state file, else a new one).
   */
  webhook?: { url: string; secret?: string };
  /** How often due renewals and retries run on their own, as on Stripe (ms; 0 to run them only on requests). */
  tickMs?: number;
}

type CompiledRoute = Route & CompiledRouteOf<Route['handler']>;

function compile(routes: Route[]): CompiledRoute[] {
  return compileRoutes<Route['handler'], Route>(routes);
}

function match(routes: CompiledRoute[], method: string, path: string) {
  return matchRoute(routes, method, path);
}

function readBody(request: IncomingMessage): Promise<string> {
  return readSharedBody(request, () => errors.invalidParam('body', 'Request body too large.'));
}

/** Bearer (what the SDKs send) or Basic with the key as user name (what `curl -u sk_test_...:` sends). */
function apiKeyOf(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value = ''] = header.split(' ');
  if (scheme.toLowerCase() === 'bearer') return value.trim();
  if (scheme.toLowerCase() === 'basic') return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

interface IdempotentResult extends Answer {
  fingerprint: string;
  at: number;
}

const DAY_MS = 86_400_000;

/**
 * The HTTP face of stripe-local: the Stripe API under /v1 (form-encoded requests, JSON answers,
 * `Stripe-Version`, `Idempotency-Key`, `expand[]`, Stripe's error objects), the test checkout and
 * invoice pages a browser opens, and the `/_test` controls.
 */
export function createStripeLocalServer(options: ServerOptions = {}) {
  const app = new StripeLocal(
    {
      secretKey: options.secretKey ?? 'sk_test_stripe_local',
      publicUrl: options.publicUrl ?? '',
      apiVersion: options.apiVersion ?? Stripe.API_VERSION,
      paymentRetryDays: options.paymentRetryDays ?? [3, 5, 7],
      afterFinalFailure: options.afterFinalFailure ?? 'cancel',
      webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? [1_000, 5_000, 25_000],
      webhookTimeoutMs: options.webhookTimeoutMs ?? 10_000,
      statePath: options.statePath,
      log: options.log ?? (() => {}),
    },
    presenter,
  );
  if (!app.options.secretKey.startsWith('sk_test_')) throw new Error('The secret key of stripe-local must start with sk_test_');
  const api = compile(apiRoutes);
  const controls = compile(testControlRoutes());
  const idempotency = new Map<string, IdempotentResult>();

  function json(status: number, value: unknown, headers: Record<string, string> = {}): Answer {
    return { status, body: `${JSON.stringify(value, null, 2)}\n`, headers: { 'Content-Type': 'application/json', ...headers } };
  }

  function failure(error: unknown): Answer {
    if (error instanceof StripeError) return json(error.status, { error: error.body });
    app.options.log(`stripe-local internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return json(500, { error: { type: 'api_error', message: 'An unexpected error occurred in stripe-local. See its console output.' } });
  }

  /** Runs a matched handler and renders what it returns in the requested API version, expanded. */
  async function run(route: CompiledRoute, path: Record<string, string>, params: Params, request: Ctx['request'], apiVersion: string): Promise<unknown> {
    const expansions = params.expand();
    const ctx: Ctx = { app, params, path, request, apiVersion };
    // Stored objects go through their presenter (fresh embedded prices); anything else is copied.
    const render = (value: Record<string, unknown>) => {
      const stored = typeof value.id === 'string' ? app.store.find(value.id)?.object : undefined;
      return adaptToVersion((stored as unknown) === value ? app.present(stored!) : structuredClone(value), apiVersion);
    };
    const answer = (result: Record<string, unknown>) => {
      params.finish();
      const rendered = result.object === 'list' ? { ...result, data: (result.data as Record<string, unknown>[]).map(render) } : render(result);
      return expand(rendered, expansions, expandHooks(app, apiVersion));
    };
    // API calls are synchronous and all or nothing, up to a bad `expand[]`; test controls may wait (for webhooks).
    if (route.path.startsWith('/v1/')) return app.transaction(() => answer(route.handler(ctx) as Record<string, unknown>));
    return answer((await route.handler(ctx)) as Record<string, unknown>);
  }

  async function handleApi(request: IncomingMessage, url: URL, requestId: string): Promise<Answer> {
    const key = apiKeyOf(request);
    if (!key) throw errors.noApiKey();
    if (key !== app.options.secretKey) throw errors.badApiKey(key);
    const versionHeader = request.headers['stripe-version'];
    const apiVersion = typeof versionHeader === 'string' && versionHeader ? versionHeader : app.options.apiVersion;
    if (!/^\d{4}-\d{2}-\d{2}(\.\w+)?$/.test(apiVersion)) throw errors.invalidParam('Stripe-Version', `Invalid Stripe API version: ${apiVersion}`);
    const method = request.method ?? 'GET';
    const body = method === 'POST' ? await readBody(request) : '';
    if (body && request.headers['content-type']?.includes('application/json')) {
      throw errors.invalidParam('body', 'Invalid request: the v1 API takes form-encoded parameters (application/x-www-form-urlencoded), not JSON.');
    }
    const idempotencyKey = method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) : undefined;
    const fingerprint = `${method} ${url.pathname} ${url.search} ${body}`;
    if (idempotencyKey) {
      const earlier = idempotency.get(idempotencyKey);
      if (earlier && Date.now() - earlier.at < DAY_MS) {
        if (earlier.fingerprint !== fingerprint) throw errors.idempotencyMismatch(idempotencyKey);
        return { ...earlier, headers: { ...earlier.headers, 'Idempotent-Replayed': 'true', 'Request-Id': requestId } };
      }
    }
    const target = url.pathname.startsWith('/_test/') ? controls : api;
    const found = match(target, method, url.pathname.replace(/\/$/, ''));
    if (!found) throw errors.notFoundRoute(method, url.pathname);
    catchUp(app);
    const params = new Params({ ...parseForm(url.search.slice(1)), ...parseForm(body) });
    let answer: Answer;
    try {
      answer = json(200, await run(found.route, found.params, params, { id: requestId, idempotency_key: idempotencyKey ?? null }, apiVersion), {
        'Stripe-Version': apiVersion,
      });
    } catch (error) {
      answer = failure(error);
      // Stripe keeps the outcome of requests that ran (card declines, server errors), not of ones it refused to start.
      if (answer.status === 400 || answer.status === 401 || answer.status === 404) return answer;
    }
    if (idempotencyKey) {
      answer.headers['Idempotency-Key'] = idempotencyKey;
      // Stripe forgets keys after 24 hours; so does this map, so a long-running server stays small.
      for (const [key, earlier] of idempotency) if (Date.now() - earlier.at >= DAY_MS) idempotency.delete(key);
      idempotency.set(idempotencyKey, { ...answer, fingerprint, at: Date.now() });
    }
    return answer;
  }

  async function handleCheckout(request: IncomingMessage, id: string): Promise<Answer> {
    catchUp(app);
    const session = app.store.get('checkout.session', id);
    if (!session) return htmlAnswer(404, checkoutPageMissing());
    if (request.method !== 'POST') return htmlAnswer(200, checkoutPage(app, session));
    const form = new URLSearchParams(await readBody(request));
    const values = {
      email: form.get('email') ?? undefined,
      name: form.get('name') ?? undefined,
      cardNumber: form.get('cardnumber') ?? '',
      expiry: form.get('exp') ?? undefined,
      cvc: form.get('cvc') ?? undefined,
    };
    const result = app.transaction(() => completeCheckout(app, session, values));
    if (!result.ok) return htmlAnswer(402, checkoutPage(app, session, { values, error: result }));
    if (!result.redirect) return htmlAnswer(200, checkoutDonePage());
    return { status: 303, body: '', headers: { Location: result.redirect } };
  }

  function checkoutPageMissing(): string {
    return '<!doctype html><html lang="en"><title>Not found</title><h1>No such Checkout Session</h1></html>';
  }

  async function handle(request: IncomingMessage): Promise<Answer> {
    const requestId = newId.short('req');
    const url = new URL(request.url ?? '/', 'http://stripe-local');
    let answer: Answer;
    try {
      const pay = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
      const invoice = /^\/invoices\/([^/]+?)(\/pdf)?$/.exec(url.pathname);
      const creditNote = /^\/credit_notes\/([^/]+)\/pdf$/.exec(url.pathname);
      if (url.pathname.startsWith('/v1/') || url.pathname.startsWith('/_test/')) {
        answer = await handleApi(request, url, requestId);
      } else if (pay && (request.method === 'GET' || request.method === 'POST')) {
        answer = await handleCheckout(request, decodeURIComponent(pay[1]));
      } else if (invoice && request.method === 'GET') {
        const found = app.store.get('invoice', decodeURIComponent(invoice[1]));
        if (!found) answer = { status: 404, body: 'No such invoice', headers: { 'Content-Type': 'text/plain' } };
        else if (invoice[2]) answer = { status: 200, body: invoicePdf(found), headers: { 'Content-Type': 'application/pdf' } };
        else answer = htmlAnswer(200, invoicePage(found));
      } else if (creditNote && request.method === 'GET') {
        const found = app.store.get('credit_note', decodeURIComponent(creditNote[1]));
        answer = found ? { status: 200, body: creditNotePdf(found), headers: { 'Content-Type': 'application/pdf' } } : { status: 404, body: 'No such credit note', headers: { 'Content-Type': 'text/plain' } };
      } else if (url.pathname === '/' && request.method === 'GET') {
        answer = {
          status: 200,
          body: 'stripe-local: a Stripe-compatible test server. The API is under /v1 (use your sk_test_ key); see tests/support/stripe-local/README.md.\n',
          headers: { 'Content-Type': 'text/plain; charset=utf-8' },
        };
      } else {
        throw errors.notFoundRoute(request.method ?? 'GET', url.pathname);
      }
    } catch (error) {
      answer = failure(error);
    }
    return { ...answer, headers: { 'Request-Id': requestId, ...answer.headers } };
  }

  return {
    app,
    ...serveDouble({
      name: 'stripe-local',
      app,
      answer: handle,
      tickMs: options.tickMs,
      catchUp: () => catchUp(app),
      configure() {
        if (!options.webhook) return;
        const previous = configuredEndpoint(app);
        const kept = previous?.endpoint.url === options.webhook.url ? previous.secret : undefined;
        configureEndpoint(app, options.webhook.url, options.webhook.secret ?? kept ?? newId.webhookSecret());
      },
      stopDeliveries: () => app.webhooks.close(),
    }),
  };
}

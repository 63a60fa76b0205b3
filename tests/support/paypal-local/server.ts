import type { IncomingMessage } from 'node:http';
import { compileRoutes, matchRoute, readBody } from '../local-double/http.ts';
import { type Answer, htmlAnswer, serveDouble } from '../local-double/server.ts';
import { catchUp } from './billing/clock.ts';
import { presentSale } from './billing/payments.ts';
import { type Ctx, PayPalLocal, type PayPalLocalOptions, type Route } from './core/app.ts';
import { Body } from './core/body.ts';
import { PayPalError, errors } from './core/errors.ts';
import { newId } from './core/ids.ts';
import { publicKeyPem } from './core/signing.ts';
import { approvalDonePage, approvalMissingPage, approvalRefusedPage, approvePage } from './pages/approve-page.ts';
import { configureWebhook, notificationRoutes } from './resources/notifications.ts';
import { planRoutes } from './resources/plans.ts';
import { productRoutes } from './resources/products.ts';
import { refundRoutes } from './resources/refunds.ts';
import { approve, findApproval, subscriptionRoutes } from './resources/subscriptions.ts';
import { testControlRoutes } from './test-controls.ts';

export interface ServerOptions extends Partial<PayPalLocalOptions> {
  /** The id of the webhook configured at start (the `webhook_id` the product stores); generated when absent. */
  webhookId?: string;
  /** Where that webhook sends events (none until `setWebhook`). */
  webhookUrl?: string;
  /** How often due renewals and retries run on their own (ms; 0 to run them only on requests). */
  tickMs?: number;
}

/** PayPal's access tokens live nine hours. */
const TOKEN_SECONDS = 32_400;
/** How long a PayPal-Request-Id is remembered (PayPal keeps them for hours to days depending on the API). */
const IDEMPOTENCY_MS = 24 * 3600 * 1000;

const saleRoute: Route = {
  method: 'GET',
  path: '/v1/payments/sale/:id',
  handler: (ctx) => {
    for (const [subscriptionId, transactions] of Object.entries(ctx.app.store.data.transactions)) {
      const found = transactions.find((transaction) => transaction.id === ctx.path.id && transaction.status !== 'DECLINED');
      if (found) return presentSale(ctx.app, ctx.app.store.data.subscriptions[subscriptionId], found);
    }
    throw errors.notFound();
  },
};

function json(status: number, value: unknown, headers: Record<string, string> = {}): Answer {
  return { status, body: value === undefined ? '' : JSON.stringify(value), headers: value === undefined ? headers : { 'Content-Type': 'application/json', ...headers } };
}

/** Basic `client_id:secret` as sent to the token endpoint (and accepted on every call, as PayPal does). */
function basicCredentials(request: IncomingMessage): [string, string] | undefined {
  const [scheme, value = ''] = (request.headers.authorization ?? '').split(' ');
  if (scheme.toLowerCase() !== 'basic') return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

/** A JSON body (or, for the test controls, a form) as the object route handlers read. */
function parseBody(text: string, contentType: string | undefined): unknown {
  if (!text.trim()) return {};
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed = JSON.parse(text) as unknown;
    // A JSON Patch is an array; handlers read it as `operations`.
    return Array.isArray(parsed) ? { operations: parsed } : parsed;
  } catch {
    throw errors.malformedJson();
  }
}

/**
 * The HTTP face of paypal-local: PayPal's REST API under /v1 and /v2 (OAuth client credentials, JSON
 * bodies, `PayPal-Request-Id`, PayPal's error objects), the approve page a browser opens, the
 * public signing key at the cert URL, and the `/_test` controls.
 */
export function createPayPalLocalServer(options: ServerOptions = {}) {
  const app = new PayPalLocal({
    clientId: options.clientId ?? 'paypal-local-client',
    secret: options.secret ?? 'paypal-local-secret',
    publicUrl: options.publicUrl ?? '',
    paymentRetryDays: options.paymentRetryDays ?? [5, 5],
    afterFailures: options.afterFailures ?? 'suspend',
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? [1_000, 5_000, 25_000],
    webhookTimeoutMs: options.webhookTimeoutMs ?? 10_000,
    statePath: options.statePath,
    log: options.log ?? (() => {}),
  });
  const webhookId = options.webhookId ?? Object.values(app.store.data.webhooks)[0]?.id ?? newId.webhook();
  const api = compileRoutes<Route['handler'], Route>([...productRoutes, ...planRoutes, ...subscriptionRoutes, ...notificationRoutes, ...refundRoutes, saleRoute]);
  const controls = compileRoutes<Route['handler'], Route>(testControlRoutes(webhookId));
  const idempotency = new Map<string, Answer & { at: number }>();

  function failure(error: unknown): Answer {
    if (error instanceof PayPalError) return json(error.status, error.body, { 'PayPal-Debug-Id': String(error.body.debug_id ?? '') });
    app.options.log(`paypal-local internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return json(500, errors.internal().body);
  }

  function authenticated(request: IncomingMessage): boolean {
    const basic = basicCredentials(request);
    if (basic) return basic[0] === app.options.clientId && basic[1] === app.options.secret;
    const [scheme, token = ''] = (request.headers.authorization ?? '').split(' ');
    if (scheme.toLowerCase() !== 'bearer') return false;
    const expires = app.tokens.get(token.trim());
    return expires !== undefined && expires > Date.now();
  }

  async function handleToken(request: IncomingMessage): Promise<Answer> {
    const basic = basicCredentials(request);
    const form = new URLSearchParams(await readBody(request, errors.malformedJson));
    if (!basic || basic[0] !== app.options.clientId || basic[1] !== app.options.secret) throw errors.oauthClient();
    if (form.get('grant_type') !== 'client_credentials') throw errors.oauthGrant();
    const token = newId.accessToken();
    app.tokens.set(token, Date.now() + TOKEN_SECONDS * 1000);
    for (const [old, expires] of app.tokens) if (expires <= Date.now()) app.tokens.delete(old);
    return json(200, {
      scope: 'https://uri.paypal.com/services/subscriptions https://api.paypal.com/v1/payments/.* https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/applications/webhooks',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: TOKEN_SECONDS,
      nonce: `${new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')}${newId.payer()}`,
    });
  }

  async function handleApi(request: IncomingMessage, url: URL): Promise<Answer> {
    const method = request.method ?? 'GET';
    if (!authenticated(request)) throw errors.authentication();
    const text = method === 'GET' || method === 'DELETE' ? '' : await readBody(request, errors.malformedJson);
    const requestId = method === 'POST' ? (request.headers['paypal-request-id'] as string | undefined) : undefined;
    // The same PayPal-Request-Id on the same call answers what the first request answered, without doing it again.
    const idempotencyKey = requestId ? `${method} ${url.pathname} ${requestId}` : undefined;
    const earlier = idempotencyKey ? idempotency.get(idempotencyKey) : undefined;
    if (earlier && Date.now() - earlier.at < IDEMPOTENCY_MS) return earlier;
    const isControl = url.pathname.startsWith('/_test/');
    const found = matchRoute(isControl ? controls : api, method, url.pathname.replace(/\/$/, ''));
    if (!found) throw errors.notFound('INVALID_RESOURCE_ID', `No ${method} ${url.pathname} here (see tests/support/paypal-local/README.md).`);
    catchUp(app);
    const ctx: Ctx = { app, body: new Body(parseBody(text, request.headers['content-type'])), path: found.params, query: url.searchParams };
    let answer: Answer;
    try {
      const result = await found.route.handler(ctx);
      answer = json(ctx.status ?? 200, result);
    } catch (error) {
      answer = failure(error);
      // Refused requests did nothing: a retry with the same id should be able to succeed.
      if (answer.status < 500 && answer.status !== 422) return answer;
    }
    if (idempotencyKey) {
      for (const [key, kept] of idempotency) if (Date.now() - kept.at >= IDEMPOTENCY_MS) idempotency.delete(key);
      idempotency.set(idempotencyKey, { ...answer, at: Date.now() });
    }
    return answer;
  }

  async function handleApprove(request: IncomingMessage, url: URL): Promise<Answer> {
    catchUp(app);
    const approval = findApproval(app, url.searchParams.get('ba_token') ?? '');
    if (!approval) return htmlAnswer(404, approvalMissingPage());
    if (request.method !== 'POST') return htmlAnswer(200, approvePage(app, approval));
    const form = new URLSearchParams(await readBody(request, errors.malformedJson));
    const email = (form.get('email') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return htmlAnswer(400, approvePage(app, approval, { email, error: 'Enter the email address of your PayPal account.' }));
    const result = approve(app, approval, { email, failRenewals: form.get('fail_renewals') === '1' });
    if (!result.ok) return htmlAnswer(422, approvalRefusedPage(result.message));
    if (!result.redirect) return htmlAnswer(200, approvalDonePage());
    return { status: 303, body: '', headers: { Location: result.redirect } };
  }

  async function handle(request: IncomingMessage): Promise<Answer> {
    const url = new URL(request.url ?? '/', 'http://paypal-local');
    const method = request.method ?? 'GET';
    let answer: Answer;
    try {
      if (url.pathname === '/v1/oauth2/token' && method === 'POST') {
        answer = await handleToken(request);
      } else if (url.pathname.startsWith('/v1/notifications/certs/') && method === 'GET') {
        answer = { status: 200, body: publicKeyPem(app.store.data.signingKey!), headers: { 'Content-Type': 'application/x-pem-file' } };
      } else if (url.pathname.startsWith('/v1/') || url.pathname.startsWith('/v2/') || url.pathname.startsWith('/_test/')) {
        answer = await handleApi(request, url);
      } else if (url.pathname === '/webapps/billing/subscriptions' && (method === 'GET' || method === 'POST')) {
        answer = await handleApprove(request, url);
      } else if (url.pathname === '/' && method === 'GET') {
        answer = {
          status: 200,
          body: 'paypal-local: a PayPal-compatible test server. The REST API is under /v1; see tests/support/paypal-local/README.md.\n',
          headers: { 'Content-Type': 'text/plain; charset=utf-8' },
        };
      } else {
        throw errors.notFound('INVALID_RESOURCE_ID', `No ${method} ${url.pathname} here.`);
      }
    } catch (error) {
      answer = failure(error);
    }
    return answer;
  }

  return {
    app,
    webhookId,
    ...serveDouble({
      name: 'paypal-local',
      app,
      answer: handle,
      tickMs: options.tickMs,
      catchUp: () => catchUp(app),
      configure: () => configureWebhook(app, webhookId, options.webhookUrl ?? app.store.data.webhooks[webhookId]?.url ?? ''),
      stopDeliveries: () => app.deliveries.close(),
    }),
  };
}

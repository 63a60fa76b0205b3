import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requireLogin } from '../http/auth.ts';
import { validationHook } from '../http/errors.ts';
import { ErrorSchema, errorResponses, jsonResponse as json } from '../http/schemas.ts';
import {
  cancelSubscription,
  changePlan,
  completeCheckout,
  completePaymentMethodChange,
  currentSubscription,
  listInvoices,
  plansOnOffer,
  previewPlanChange,
  providersOnOffer,
  renewSubscription,
  startCheckout,
  startPaymentMethodChange,
} from './billing.service.ts';
import { PAYPAL_SUBSCRIPTION_ID } from './paypal-subscription-sync.ts';
import { receiveWebhook } from './webhooks.service.ts';

const PriceSchema = z
  .object({
    id: z.number(),
    amount: z.number().openapi({ description: 'Minor units of the currency (cents).', example: 999 }),
    currency: z.string().openapi({ example: 'USD' }),
    interval: z.enum(['day', 'month', 'year']),
    interval_count: z.number(),
  })
  .openapi('Price');

const ProductSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    feature_list: z.array(z.string()),
    recommended: z.boolean(),
    free: z.boolean(),
    hidden: z.boolean(),
    position: z.number(),
    prices: z.array(PriceSchema),
  })
  .openapi('Product');

function featureList(text: string): string[] {
  try {
    const parsed = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((line): line is string => typeof line === 'string') : [];
  } catch {
    return [];
  }
}

const SubscriptionSchema = z
  .object({
    id: z.number(),
    status: z.enum(['active', 'trialing', 'past_due', 'cancelled', 'expired']),
    gateway: z.enum(['none', 'stripe', 'paypal']),
    product: z.object({ id: z.number(), name: z.string() }).nullable(),
    price: PriceSchema.nullable(),
    renews_at: z.string().nullable().openapi({ description: 'Next renewal; null when cancelled or ended.' }),
    ends_at: z.string().nullable().openapi({ description: 'When a cancelled subscription stops counting, or did.' }),
    cancelled_at: z.string().nullable(),
    on_grace_period: z.boolean().openapi({ description: 'Counts without renewing: cancelled at the period end, or past due.' }),
    payment_method: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }).nullable(),
  })
  .openapi('Subscription');

const SubscriptionResponse = z.object({ subscription: SubscriptionSchema });
const UrlResponse = z.object({ url: z.string().openapi({ description: "The payment provider's page to send the user to." }) });

const PlanChoice = z
  .strictObject({
    product_id: z.number('Choose a plan.').int('Choose a plan.').positive('Choose a plan.').max(Number.MAX_SAFE_INTEGER),
    price_id: z.number('Choose a price.').int('Choose a price.').positive('Choose a price.').max(Number.MAX_SAFE_INTEGER),
  })
  .openapi('PlanChoice');

const sessionParam = z.object({
  sessionId: z
    .string()
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'This is not a Stripe Checkout Session id.')
    .openapi({ param: { name: 'sessionId', in: 'path' }, example: 'cs_test_a1b2c3' }),
});

const paypalSubscriptionParam = z.object({
  subscriptionId: z
    .string()
    .regex(PAYPAL_SUBSCRIPTION_ID, 'This is not a PayPal subscription id.')
    .openapi({ param: { name: 'subscriptionId', in: 'path' }, example: 'I-BW452GLLEP1G' }),
});

const billingErrors = {
  ...errorResponses,
  409: json(ErrorSchema, 'Already subscribed'),
  503: json(ErrorSchema, 'Payments are not set up, or the payment provider cannot be reached'),
} as const;

const tags = ['Billing'];

const planBody = { body: { content: { 'application/json': { schema: PlanChoice } }, required: true } };

/** The pricing page's data: every plan that is not hidden, open to visitors. */
export const billingRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  createRoute({
    method: 'get',
    path: '/billing/products',
    tags: ['Billing'],
    summary: 'Plans shown on the pricing page (not hidden), in order, each with its prices',
    responses: {
      200: json(
        z.object({
          pagination: z.object({ data: z.array(ProductSchema) }),
          payment_providers: z.array(z.enum(['stripe', 'paypal'])).openapi({ description: 'The payment providers set up now, which checkout offers.' }),
        }),
        'The plans',
      ),
      ...errorResponses,
    },
  }),
  async (c) => {
    const deps = c.get('deps');
    const products = await plansOnOffer(deps);
    const payment_providers = await providersOnOffer(deps);
    const data = products.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      feature_list: featureList(p.feature_list),
      recommended: p.recommended === 1,
      free: p.free === 1,
      hidden: false,
      position: p.position,
      prices: p.prices.map(({ id, amount, currency, interval, interval_count }) => ({ id, amount, currency, interval, interval_count })),
    }));
    return c.json({ pagination: { data }, payment_providers }, 200);
  },
)
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/stripe/checkout',
      tags,
      summary: 'Start a Stripe Checkout for a plan and price; answers the page to go to',
      description: '409 when already subscribed, 422 for a free plan, 404 for an unknown or hidden plan or a price of another plan, 503 when Stripe is not set up.',
      middleware: [requireLogin()] as const,
      request: planBody,
      responses: { 200: json(UrlResponse, 'Checkout page'), ...billingErrors },
    }),
    async (c) => {
      const { product_id, price_id } = c.req.valid('json');
      return c.json(await startCheckout(c.get('deps'), 'stripe', c.get('auth').user!, product_id, price_id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/stripe/checkout/{sessionId}/complete',
      tags,
      summary: 'Store the subscription of a completed checkout (the done page calls it)',
      description: "Only the user's own sessions: another user's session is not found. 422 while the payment is not complete; 409 when it was a second subscription (paid in another tab while the first was being paid), which Stripe has cancelled and refunded.",
      middleware: [requireLogin()] as const,
      request: { params: sessionParam },
      responses: { 200: json(SubscriptionResponse, 'The subscription'), ...billingErrors },
    }),
    async (c) => c.json({ subscription: await completeCheckout(c.get('deps'), 'stripe', c.get('auth').user!, c.req.valid('param').sessionId) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/paypal/checkout',
      tags,
      summary: "Start a PayPal subscription for a plan and price; answers PayPal's page where the payer approves it",
      description: '409 when already subscribed, 422 for a free plan, 404 for an unknown or hidden plan or a price of another plan, 503 when PayPal is not set up.',
      middleware: [requireLogin()] as const,
      request: planBody,
      responses: { 200: json(UrlResponse, 'Approval page'), ...billingErrors },
    }),
    async (c) => {
      const { product_id, price_id } = c.req.valid('json');
      return c.json(await startCheckout(c.get('deps'), 'paypal', c.get('auth').user!, product_id, price_id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/paypal/checkout/{subscriptionId}/complete',
      tags,
      summary: 'Store the PayPal subscription the payer approved (the done page calls it)',
      description: "Only the user's own subscriptions: another user's is not found. 422 while it is not approved yet; 409 when it was a second subscription (approved in another tab while the first was being paid), which PayPal has cancelled and refunded.",
      middleware: [requireLogin()] as const,
      request: { params: paypalSubscriptionParam },
      responses: { 200: json(SubscriptionResponse, 'The subscription'), ...billingErrors },
    }),
    async (c) => c.json({ subscription: await completeCheckout(c.get('deps'), 'paypal', c.get('auth').user!, c.req.valid('param').subscriptionId) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/billing/subscription',
      tags,
      summary: 'Your subscription that counts now, or null',
      middleware: [requireLogin()] as const,
      responses: { 200: json(z.object({ subscription: SubscriptionSchema.nullable() }), 'The subscription'), ...billingErrors },
    }),
    async (c) => c.json({ subscription: await currentSubscription(c.get('deps'), c.get('auth').user!.id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/billing/invoices',
      tags,
      summary: 'Your invoices, newest first',
      middleware: [requireLogin()] as const,
      responses: {
        200: json(
          z.object({
            data: z.array(
              z
                .object({
                  id: z.string(),
                  number: z.string().nullable(),
                  created_at: z.string(),
                  amount: z.number().openapi({ description: 'Minor units (cents).' }),
                  currency: z.string(),
                  status: z.string().nullable().openapi({ description: 'paid, open, void, uncollectible (Stripe), failed (PayPal), or refunded and partially_refunded.' }),
                  url: z.string().nullable().openapi({ description: 'The invoice page at Stripe.' }),
                })
                .openapi('Invoice'),
            ),
          }),
          'Invoices',
        ),
        ...billingErrors,
      },
    }),
    async (c) => c.json({ data: await listInvoices(c.get('deps'), c.get('auth').user!) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/change-plan/preview',
      tags,
      summary: "What changing plan would cost, with Stripe's prorations",
      middleware: [requireLogin()] as const,
      request: planBody,
      responses: {
        200: json(
          z
            .object({
              amount_due: z.number().openapi({ description: 'Minor units due at the next payment.' }),
              currency: z.string(),
              lines: z.array(z.object({ description: z.string(), amount: z.number() })),
              next_payment_at: z.string().nullable(),
            })
            .openapi('PlanChangePreview'),
          'The preview',
        ),
        ...billingErrors,
      },
    }),
    async (c) => {
      const { product_id, price_id } = c.req.valid('json');
      return c.json(await previewPlanChange(c.get('deps'), c.get('auth').user!, product_id, price_id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/change-plan',
      tags,
      summary: 'Change plan now',
      middleware: [requireLogin()] as const,
      request: planBody,
      description: "Stripe changes the plan at once (prorated). PayPal may need the payer's consent first: then `url` is PayPal's page to send them to, and the plan changes when they come back.",
      responses: {
        200: json(
          SubscriptionResponse.extend({ url: z.string().nullable().openapi({ description: "PayPal's page where the payer approves the new price; null when the plan changed already." }) }),
          'The changed subscription',
        ),
        ...billingErrors,
      },
    }),
    async (c) => {
      const { product_id, price_id } = c.req.valid('json');
      return c.json(await changePlan(c.get('deps'), c.get('auth').user!, product_id, price_id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/cancel',
      tags,
      summary: 'Cancel at the end of the period paid for (the plan counts until ends_at)',
      middleware: [requireLogin()] as const,
      responses: { 200: json(SubscriptionResponse, 'The cancelled subscription'), ...billingErrors },
    }),
    async (c) => c.json({ subscription: await cancelSubscription(c.get('deps'), c.get('auth').user!) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/renew',
      tags,
      summary: 'Undo a cancellation before it takes effect',
      middleware: [requireLogin()] as const,
      responses: { 200: json(SubscriptionResponse, 'The renewed subscription'), ...billingErrors },
    }),
    async (c) => c.json({ subscription: await renewSubscription(c.get('deps'), c.get('auth').user!) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/change-payment-method',
      tags,
      summary: 'Start a Stripe page where you enter a new card; answers the page to go to',
      middleware: [requireLogin()] as const,
      responses: { 200: json(UrlResponse, 'Card page'), ...billingErrors },
    }),
    async (c) => c.json(await startPaymentMethodChange(c.get('deps'), c.get('auth').user!), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/change-payment-method/{sessionId}/complete',
      tags,
      summary: 'Make the card entered the one your subscription is paid with',
      middleware: [requireLogin()] as const,
      request: { params: sessionParam },
      responses: { 200: json(SubscriptionResponse, 'The subscription'), ...billingErrors },
    }),
    async (c) => c.json({ subscription: await completePaymentMethodChange(c.get('deps'), c.get('auth').user!, c.req.valid('param').sessionId) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/stripe/webhook',
      tags,
      summary: "Stripe's webhook events (signed with the endpoint's secret; no login, no XSRF token)",
      description: 'Register this address at Stripe. A missing or wrong Stripe-Signature answers 400 and changes nothing; a replayed event answers 200 and changes nothing.',
      responses: {
        200: json(z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }), 'Event received'),
        400: json(ErrorSchema, 'Bad or missing signature'),
        503: json(ErrorSchema, 'Stripe is not set up; Stripe sends the event again later'),
      },
    }),
    // The signature covers the exact bytes sent, so the body is read as text, never parsed first.
    async (c) => c.json(await receiveWebhook(c.get('deps'), 'stripe', await c.req.text(), (name) => c.req.header(name)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/billing/paypal/webhook',
      tags,
      summary: "PayPal's webhook events (checked with PayPal's verify-webhook-signature; no login, no XSRF token)",
      description: 'Register this address in your PayPal app. An event PayPal does not confirm answers 400 and changes nothing; a replayed event answers 200 and changes nothing.',
      responses: {
        200: json(z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }), 'Event received'),
        400: json(ErrorSchema, 'Not signed by PayPal for this webhook'),
        503: json(ErrorSchema, 'PayPal is not set up or cannot be reached; PayPal sends the event again later'),
      },
    }),
    // PayPal signs the exact bytes sent, so they go to its check as received.
    async (c) => c.json(await receiveWebhook(c.get('deps'), 'paypal', await c.req.text(), (name) => c.req.header(name)), 200),
  );

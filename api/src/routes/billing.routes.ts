import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { visibleProducts } from '@app/db';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse as json } from '../schemas/common.ts';

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

/** The pricing page's data: every plan that is not hidden, open to visitors. */
export const billingRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  createRoute({
    method: 'get',
    path: '/billing/products',
    tags: ['Billing'],
    summary: 'Plans shown on the pricing page (not hidden), in order, each with its prices',
    responses: { 200: json(z.object({ pagination: z.object({ data: z.array(ProductSchema) }) }), 'The plans'), ...errorResponses },
  }),
  async (c) => {
    const products = await visibleProducts(c.get('deps').db);
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
    return c.json({ pagination: { data } }, 200);
  },
);

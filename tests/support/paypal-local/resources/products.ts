import type { Ctx, PayPalLocal, Route } from '../core/app.ts';
import { errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import type { Product } from '../core/types.ts';
import { pageOf } from './paging.ts';

const TYPES = ['PHYSICAL', 'DIGITAL', 'SERVICE'] as const;
/** The fields PayPal lets a PATCH change (the name and type are fixed once created). */
const PATCHABLE = ['description', 'category', 'image_url', 'home_url'] as const;

export function presentProduct(app: PayPalLocal, product: Product) {
  return {
    ...product,
    links: [app.link(`/v1/catalogs/products/${product.id}`, 'self', 'GET'), app.link(`/v1/catalogs/products/${product.id}`, 'edit', 'PATCH')],
  };
}

export function requireProduct(app: PayPalLocal, id: string, field?: string): Product {
  const product = app.store.data.products[id];
  if (!product) {
    throw field ? errors.invalidValue(field, id, 'The specified product does not exist.') : errors.notFound();
  }
  return product;
}

function create(ctx: Ctx) {
  const body = ctx.body.only(['id', 'name', 'description', 'type', 'category', 'image_url', 'home_url']);
  const id = body.string('id', { max: 50, pattern: /^[A-Za-z0-9_-]{6,50}$/ }) ?? newId.product();
  const name = body.requiredString('name', { max: 127 });
  const type = body.oneOf('type', TYPES);
  if (!type) throw errors.missing('/type');
  const product: Product = {
    id,
    name,
    description: body.string('description', { max: 256 }),
    type,
    category: body.string('category', { max: 256, pattern: /^[A-Z_]+$/ }),
    image_url: body.string('image_url', { max: 2000, pattern: /^https?:\/\// }),
    home_url: body.string('home_url', { max: 2000, pattern: /^https?:\/\// }),
    create_time: ctx.app.nowIso(),
    update_time: ctx.app.nowIso(),
  };
  if (ctx.app.store.data.products[id]) throw errors.unprocessable('DUPLICATE_RESOURCE_IDENTIFIER', 'A resource with this identifier already exists.', '/id');
  ctx.app.store.data.products[id] = product;
  ctx.app.store.changed();
  ctx.app.emit('CATALOG.PRODUCT.CREATED', 'product', presentProduct(ctx.app, product), `A product ${id} was created.`);
  ctx.status = 201;
  return presentProduct(ctx.app, product);
}

/** A JSON Patch (`[{ op, path, value }]`) of the fields PayPal allows; all or nothing. */
function update(ctx: Ctx) {
  const product = requireProduct(ctx.app, ctx.path.id);
  const operations = ctx.body.raw.operations as unknown;
  if (!Array.isArray(operations) || operations.length === 0) throw errors.malformedJson();
  const next = { ...product };
  operations.forEach((operation: unknown, i) => {
    const op = operation as { op?: unknown; path?: unknown; value?: unknown };
    if (typeof op !== 'object' || op === null || !['add', 'replace', 'remove'].includes(op.op as string)) {
      throw errors.invalidValue(`/${i}/op`, op?.op, 'The operation must be add, replace or remove.');
    }
    const field = typeof op.path === 'string' ? op.path.replace(/^\//, '') : '';
    if (!(PATCHABLE as readonly string[]).includes(field)) throw errors.invalidValue(`/${i}/path`, op.path, 'The specified field cannot be patched.');
    if (op.op === 'remove') delete next[field as (typeof PATCHABLE)[number]];
    else if (typeof op.value !== 'string' || op.value.length === 0) throw errors.invalidValue(`/${i}/value`, op.value);
    else next[field as (typeof PATCHABLE)[number]] = op.value;
  });
  next.update_time = ctx.app.nowIso();
  ctx.app.store.data.products[product.id] = next;
  ctx.app.store.changed();
  ctx.app.emit('CATALOG.PRODUCT.UPDATED', 'product', presentProduct(ctx.app, next), `A product ${product.id} was updated.`);
  ctx.status = 204;
  return undefined;
}

export const productRoutes: Route[] = [
  { method: 'POST', path: '/v1/catalogs/products', handler: create },
  {
    method: 'GET',
    path: '/v1/catalogs/products',
    handler: (ctx) => {
      const all = Object.values(ctx.app.store.data.products).map((product) => ({
        id: product.id,
        name: product.name,
        description: product.description,
        create_time: product.create_time,
        links: [ctx.app.link(`/v1/catalogs/products/${product.id}`, 'self', 'GET')],
      }));
      return pageOf(ctx, '/v1/catalogs/products', 'products', all);
    },
  },
  { method: 'GET', path: '/v1/catalogs/products/:id', handler: (ctx) => presentProduct(ctx.app, requireProduct(ctx.app, ctx.path.id)) },
  { method: 'PATCH', path: '/v1/catalogs/products/:id', handler: update },
];

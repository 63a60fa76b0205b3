import type Stripe from 'stripe';
import type { Ctx, RequestInfo, Route, StripeLocal } from '../core/app.ts';
import { errors } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { createdFilter, paginate } from '../core/list.ts';
import type { Params } from '../core/params.ts';
import { createPrice } from './prices.ts';

function readFeatures(p: Params): Stripe.Product.MarketingFeature[] | undefined {
  if (!p.has('marketing_features')) return undefined;
  return p.hashes('marketing_features').map((feature) => ({ name: feature.requiredString('name') }));
}

/** Creates a product; `id` may be chosen by the caller, as Stripe allows. */
export function createProduct(app: StripeLocal, p: Params, request?: RequestInfo): Stripe.Product {
  const id = p.string('id') || newId.short('prod');
  if (app.store.get('product', id)) {
    throw errors.state(`Product already exists.`, 'id', 'resource_already_exists');
  }
  const now = app.now();
  const product: Stripe.Product = {
    id,
    object: 'product',
    active: p.bool('active') ?? true,
    created: now,
    default_price: null,
    description: p.nullableString('description') ?? null,
    images: p.strings('images') ?? [],
    livemode: false,
    marketing_features: readFeatures(p) ?? [],
    metadata: p.metadata('metadata') ?? {},
    name: p.requiredString('name'),
    package_dimensions: null,
    shippable: p.bool('shippable') ?? null,
    statement_descriptor: p.nullableString('statement_descriptor') ?? null,
    tax_code: p.nullableString('tax_code') ?? null,
    tax_details: null,
    type: 'service',
    unit_label: p.nullableString('unit_label') ?? null,
    updated: now,
    url: p.nullableString('url') ?? null,
  };
  p.ignore('type');
  const priceData = p.hash('default_price_data');
  app.store.insert('product', product);
  app.emit('product.created', product, { request });
  if (priceData) {
    const before = app.present(product);
    product.default_price = createPrice(app, priceData, { product: product.id }, request).id;
    app.emit('product.updated', product, { before, request });
  }
  return product;
}

function update(ctx: Ctx): Stripe.Product {
  const { app, params: p } = ctx;
  const product = app.store.require('product', ctx.path.id);
  const before = app.present(product);
  const name = p.string('name');
  if (name === '') throw errors.cannotUnset('name');
  if (name !== undefined) product.name = name;
  product.active = p.bool('active') ?? product.active;
  const description = p.nullableString('description');
  if (description !== undefined) product.description = description;
  product.metadata = p.metadata('metadata', product.metadata) ?? product.metadata;
  product.images = p.strings('images') ?? product.images;
  product.marketing_features = readFeatures(p) ?? product.marketing_features;
  for (const key of ['statement_descriptor', 'tax_code', 'unit_label', 'url'] as const) {
    const value = p.nullableString(key);
    if (value !== undefined) product[key] = value;
  }
  const defaultPrice = p.nullableString('default_price');
  if (defaultPrice) {
    const price = app.store.require('price', defaultPrice, 'default_price');
    if (price.product !== product.id) throw errors.invalidParam('default_price', `The price ${defaultPrice} does not belong to this product.`);
    product.default_price = defaultPrice;
  } else if (defaultPrice === null) {
    product.default_price = null;
  }
  product.updated = app.now();
  app.store.changed();
  app.emit('product.updated', product, { before, request: ctx.request });
  return product;
}

function list(ctx: Ctx) {
  const { app, params: p } = ctx;
  const active = p.bool('active');
  const ids = p.strings('ids');
  const created = createdFilter(p);
  p.ignore('shippable', 'url');
  const products = app.store
    .all('product')
    .filter((product) => (active === undefined || product.active === active) && (!ids || ids.includes(product.id)) && created(product.created));
  return paginate(products, p, '/v1/products');
}

function remove(ctx: Ctx): Stripe.DeletedProduct {
  const { app } = ctx;
  const product = app.store.require('product', ctx.path.id);
  if (Object.values(app.store.data.objects.price).some((price) => price.product === product.id)) {
    throw errors.state('This product cannot be deleted because it has one or more user-created prices.', 'id', 'product_has_prices');
  }
  app.emit('product.deleted', product, { request: ctx.request });
  app.store.remove('product', product.id);
  return { id: product.id, object: 'product', deleted: true };
}

export const productRoutes: Route[] = [
  { method: 'POST', path: '/v1/products', handler: (ctx) => createProduct(ctx.app, ctx.params, ctx.request) },
  { method: 'GET', path: '/v1/products', handler: list },
  { method: 'GET', path: '/v1/products/:id', handler: (ctx) => ctx.app.store.require('product', ctx.path.id) },
  { method: 'POST', path: '/v1/products/:id', handler: update },
  { method: 'DELETE', path: '/v1/products/:id', handler: remove },
];

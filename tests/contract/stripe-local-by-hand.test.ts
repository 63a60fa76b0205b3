import { createTestApp, type TestApp } from '@app/api/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What docs/billing.md#trying-billing-without-a-stripe-account tells a self-hoster to do without a Stripe account: run `pnpm stripe:local`, set the
 * three STRIPE_API_* variables it prints, and enter the secret key and webhook signing secret it
 * prints in Settings › Subscriptions. No STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET here: the keys
 * come from the settings, which never send them back.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

let t: TestApp;
let server: { url: string; close: () => Promise<void> };
let child: ChildProcess;
let printed = '';
let localPort: number;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The `KEY=value` or `label:  value` a line of the command's banner gives. */
function printedValue(pattern: RegExp): string {
  const match = printed.match(pattern);
  if (!match?.[1]) throw new Error(`pnpm stripe:local did not print ${pattern}:\n${printed}`);
  return match[1];
}

beforeAll(async () => {
  localPort = await freePort();
  t = await createTestApp({ STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(localPort), STRIPE_API_PROTOCOL: 'http' });
  server = await t.listen();
  // The script `pnpm stripe:local` runs, with the options docs/billing.md shows.
  child = spawn(process.execPath, ['tests/support/stripe-local/main.ts', '--port', String(localPort), '--webhook', `${server.url}/api/v1/billing/stripe/webhook`, '--quiet'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('Move time forward')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`pnpm stripe:local exited (${code}):\n${printed}`)));
  });
}, 60_000);

afterAll(async () => {
  child?.kill();
  await server?.close();
  await t?.close();
});

async function waitFor<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('pnpm stripe:local, set up as the README says', () => {
  it('prints the variables and secrets the product needs; with them entered in the settings, a plan is bought and the signed webhook keeps it', async () => {
    expect(printed).toContain('STRIPE_API_HOST=127.0.0.1');
    expect(printed).toContain(`STRIPE_API_PORT=${localPort}`);
    expect(printed).toContain('STRIPE_API_PROTOCOL=http');
    const secretKey = printedValue(/Secret key to enter in Settings › Subscriptions:\s+(\S+)/);
    const webhookSecret = printedValue(/Webhook signing secret to enter in the product:\s+(whsec_\S+)/);

    const admin = await t.loggedIn('admin@example.com', ['admin']);
    const saved = await admin.put('/api/admin/settings', {
      'billing.enable': true,
      'billing.stripe.enable': true,
      'billing.stripe.secret_key': secretKey,
      'billing.stripe.webhook_secret': webhookSecret,
    });
    expect(saved.status).toBe(200);
    // Write-only: the settings say a key is stored, never which.
    const settingsText = await (await admin.get('/api/admin/settings')).text();
    expect(settingsText).not.toContain(secretKey);
    expect(settingsText).not.toContain(webhookSecret);
    const { settings } = JSON.parse(settingsText) as { settings: { name: string; set?: boolean; value?: unknown }[] };
    for (const name of ['billing.stripe.secret_key', 'billing.stripe.webhook_secret', 'billing.paypal.secret']) {
      const setting = settings.find((s) => s.name === name)!;
      expect(setting, name).not.toHaveProperty('value');
    }
    expect(settings.find((s) => s.name === 'billing.stripe.secret_key')).toMatchObject({ set: true });

    // The key from the settings reaches stripe-local: saving a plan makes its product there.
    const plan = await (await admin.post('/api/admin/plans', { name: 'Hand-run', prices: [{ amount: 900, currency: 'EUR', interval: 'month', interval_count: 1 }] })).json();
    const { stripe_product_id: productId } = await t.db.selectFrom('products').select('stripe_product_id').where('id', '=', plan.id).executeTakeFirstOrThrow();
    const stripe = new Stripe(secretKey, { host: '127.0.0.1', port: localPort, protocol: 'http', maxNetworkRetries: 0 });
    expect((await stripe.products.retrieve(productId!)).name).toBe('Hand-run');

    // A user pays on stripe-local's page; only the webhook, signed with the secret from the settings, tells the site.
    const buyer = await t.loggedIn('buyer@example.com');
    const started = await buyer.post('/api/v1/billing/stripe/checkout', { product_id: plan.id, price_id: plan.prices[0].id });
    expect(started.status).toBe(200);
    const paid = await fetch((await started.json()).url, { method: 'POST', body: new URLSearchParams({ cardnumber: '4242 4242 4242 4242', exp: '12 / 40', cvc: '123' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
    const row = await waitFor(
      () => t.db.selectFrom('subscriptions').innerJoin('users', 'users.id', 'subscriptions.user_id').select(['subscriptions.status', 'subscriptions.product_id']).where('users.email', '=', 'buyer@example.com').executeTakeFirst(),
      'the webhook to store the subscription',
    );
    expect(row).toEqual({ status: 'active', product_id: plan.id });
    const events = await t.db.selectFrom('billing_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(events.n)).toBeGreaterThan(0);
  }, 60_000);
});

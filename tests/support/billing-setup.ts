import path from 'node:path';
import { createTestApp, type TestApp, type TestClient } from '@app/api/testing';
import * as settingsRepository from '@app/db/settings/settings';
import { expect } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { startMailServer } from './smtp.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

type Gateway = 'stripe' | 'paypal';
export type MailServer = Awaited<ReturnType<typeof startMailServer>>;

export interface BillingSetup<D> {
  /** The payment provider's local double. */
  double: D;
  mail: MailServer;
  t: TestApp;
  /** The API on a real HTTP server: the doubles deliver webhooks over the network. */
  server: { url: string; close: () => Promise<void> };
  admin: TestClient;
  /** Pro, 10 EUR a month (or 100 EUR a year): grants `music.create` with 50 uploads. */
  planId: number;
  monthlyId: number;
  /** Premium, 20 EUR a month: grants no uploads. */
  premiumId: number;
  premiumMonthlyId: number;
}

export interface StartBilling<D> {
  /** Starts the payment provider's double. */
  double: () => Promise<D>;
  /** The product's variables that point it at the double. */
  env: (double: D) => Record<string, string>;
  /** Sends the double's events to the product's webhook at `url`. */
  setWebhook: (double: D, url: string) => Promise<void>;
}

/**
 * The setup the billing contract tests share: the provider's double, a mail catcher, the API with
 * billing on for one gateway and its webhook connected, an admin and two plans. `users` starts
 * the email of each `newUser()`.
 */
export function billingSetup(gateway: Gateway, options: { users: string }) {
  let double: { close(): Promise<void> } | undefined;
  let mail: MailServer | undefined;
  let t: TestApp | undefined;
  let server: BillingSetup<unknown>['server'] | undefined;
  let env: Record<string, string> = {};
  let users = 0;
  const app = () => {
    if (!t) throw new Error('billingSetup: start() has not run');
    return t;
  };

  return {
    async start<D extends { close(): Promise<void> }>(start: StartBilling<D>): Promise<BillingSetup<D>> {
      const started = await start.double();
      double = started;
      mail = await startMailServer();
      env = { ...start.env(started), ...mail.env };
      t = await createTestApp(env);
      await settingsRepository.saveSettings(t.db, { 'billing.enable': true, [`billing.${gateway}.enable`]: true });
      server = await t.listen();
      await start.setWebhook(started, `${server.url}/api/v1/billing/${gateway}/webhook`);
      const admin = await t.loggedIn('admin@example.com', ['admin']);
      const pro = await admin.post('/api/admin/plans', {
        name: 'Pro',
        prices: [
          { amount: 1000, currency: 'EUR', interval: 'month', interval_count: 1 },
          { amount: 10000, currency: 'EUR', interval: 'year', interval_count: 1 },
        ],
      });
      expect(pro.status).toBe(201);
      const proPlan = await pro.json();
      const permissions = await admin.put(`/api/admin/plans/${proPlan.id}/permissions`, { permissions: [{ name: 'music.create', restrictions: [{ name: 'count', value: 50 }] }] });
      expect(permissions.status).toBe(200);
      const premium = await admin.post('/api/admin/plans', { name: 'Premium', prices: [{ amount: 2000, currency: 'EUR', interval: 'month', interval_count: 1 }] });
      expect(premium.status).toBe(201);
      const premiumPlan = await premium.json();
      return {
        double: started,
        mail,
        t,
        server,
        admin,
        planId: proPlan.id,
        monthlyId: proPlan.prices[0].id,
        premiumId: premiumPlan.id,
        premiumMonthlyId: premiumPlan.prices[0].id,
      };
    },

    /** Closes what `start` opened, also when it failed half way. */
    async close() {
      await server?.close();
      await t?.close();
      await double?.close();
      await mail?.close();
    },

    /**
     * The product as a server process of its own (`node api/src/server.ts`) on the test app's
     * database and storage, with the same provider settings: one a test can kill mid-request.
     */
    serverProcess(port: number): Promise<ServerProcess> {
      const { db, storageDir, config } = app();
      return startServerProcess(process.execPath, [path.join(ROOT, 'api/src/server.ts')], {
        cwd: ROOT,
        port,
        env: { PATH: process.env.PATH, HOME: storageDir, ...env, DATABASE_URL: db.file, STORAGE_PATH: storageDir, APP_URL: config.appUrl, SEED_DEMO: 'false' },
      });
    },

    /** A new listener, logged in. */
    async newUser() {
      users += 1;
      const email = `${options.users}${users}@example.com`;
      const client = await app().loggedIn(email);
      const me = await (await client.get('/api/v1/users/me')).json();
      return { client, email, id: me.user.id as number };
    },

    /** The stored subscription with this id at the gateway. */
    rowOf: (gatewayId: string) => app().db.selectFrom('subscriptions').selectAll().where('gateway', '=', gateway).where('gateway_id', '=', gatewayId).executeTakeFirst(),

    /** How many webhook events the product has kept. */
    countEvents: async () => Number((await app().db.selectFrom('billing_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  };
}

/** The upload permission the Pro plan grants, as the user's profile shows it (undefined without it). */
export async function grant(client: TestClient) {
  const me = await (await client.get('/api/v1/users/me')).json();
  return (me.user.permissions as { name: string }[]).find((p) => p.name === 'music.create');
}

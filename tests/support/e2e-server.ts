import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN, E2E_STRIPE_WEBHOOK_SECRET, localServer, S3_SERVER } from './constants.ts';
import { startPayPalLocal } from './paypal-local/index.ts';
import { startS3Local } from './s3-local/index.ts';
import { startStripeLocal } from './stripe-local/index.ts';

/**
 * A server the browser tests run against: the real built product on a fresh storage folder, with
 * known admin credentials. E2E_SERVER names which (a worker's number, or s3: constants.ts) and so
 * its ports and folders; ./e2e-servers.ts starts them. Demo audio is cached between runs so
 * seeding takes seconds.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const server = process.env.E2E_SERVER === 's3' ? S3_SERVER : localServer(Number(process.env.E2E_SERVER || 0));
rmSync(server.storage, { recursive: true, force: true });

// The product as `pnpm start` runs it.
process.env.NODE_ENV ??= 'production';
process.env.STORAGE_PATH = server.storage;
process.env.DEMO_AUDIO_CACHE ??= path.join(here, '../.cache/demo-audio');
process.env.ADMIN_EMAIL = E2E_ADMIN.email;
process.env.ADMIN_PASSWORD = E2E_ADMIN.password;
process.env.PORT = String(server.port);
process.env.APP_URL = `http://localhost:${server.port}`;
process.env.MAIL_HOST = '127.0.0.1';
process.env.MAIL_PORT = String(server.smtpPort);
process.env.MAIL_ENCRYPTION = 'none';
// The browser tests' output stays readable: only failures of the server, not a line per request.
process.env.LOG_LEVEL ??= 'error';
for (const [name, value] of Object.entries({
  CLIENT_ID: 'e2e-client',
  CLIENT_SECRET: 'e2e-secret',
  AUTHORIZE_URL: `http://127.0.0.1:${server.oauthPort}/authorize`,
  TOKEN_URL: `http://127.0.0.1:${server.oauthPort}/token`,
  USERINFO_URL: `http://127.0.0.1:${server.oauthPort}/userinfo`,
})) {
  process.env[`SOCIAL_GOOGLE_${name}`] = value;
}

// Payments go to a local Stripe-compatible server (no internet in tests), whose webhooks come back
// signed with the secret the product is given. It lives and dies with this process.
const stripe = await startStripeLocal({
  port: server.stripePort,
  webhook: { url: `${process.env.APP_URL}/api/v1/billing/stripe/webhook`, secret: E2E_STRIPE_WEBHOOK_SECRET },
});
Object.assign(process.env, stripe.env, { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET });

// PayPal likewise goes to a local PayPal-compatible server, whose webhook deliveries the product
// verifies by asking it (verify-webhook-signature), as it would ask PayPal.
const paypal = await startPayPalLocal({ port: server.paypalPort, webhookUrl: `${process.env.APP_URL}/api/v1/billing/paypal/webhook` });
Object.assign(process.env, paypal.env);

// The s3 server: the files go to a local S3-compatible server, as with STORAGE_DRIVER=s3, on a
// port of its own choosing (the product is told where) and a folder emptied at each start. The
// browser sends uploads to it directly (its CORS rule allows any origin).
if (server.buckets) {
  rmSync(server.buckets, { recursive: true, force: true });
  const s3 = await startS3Local({ directory: server.buckets });
  Object.assign(process.env, s3.env, { STORAGE_S3_PREFIX: 'e2e/', STORAGE_S3_DIRECT_UPLOADS: 'true' });
}

await import('../../api/src/server.ts');

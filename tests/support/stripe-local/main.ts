/**
 * `pnpm stripe:local`: runs stripe-local by hand, so a self-hoster can try billing end to end
 * without a Stripe account. See tests/support/stripe-local/README.md.
 */
import { parseArgs } from 'node:util';
import { addressForProduct, listenUntilStopped, parsePort, parseRetryDays, usageError } from '../local-double/cli.ts';
import { configuredEndpoint } from './resources/webhook-endpoints.ts';
import { createStripeLocalServer } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.STRIPE_LOCAL_PORT ?? '12111' },
    host: { type: 'string', default: process.env.STRIPE_LOCAL_HOST ?? '127.0.0.1' },
    'public-url': { type: 'string', default: process.env.STRIPE_LOCAL_PUBLIC_URL },
    'secret-key': { type: 'string', default: process.env.STRIPE_LOCAL_SECRET_KEY ?? 'sk_test_stripe_local' },
    webhook: { type: 'string', default: process.env.STRIPE_LOCAL_WEBHOOK_URL },
    'webhook-secret': { type: 'string', default: process.env.STRIPE_LOCAL_WEBHOOK_SECRET },
    state: { type: 'string', default: process.env.STRIPE_LOCAL_STATE },
    'api-version': { type: 'string', default: process.env.STRIPE_LOCAL_API_VERSION },
    'retry-days': { type: 'string', default: process.env.STRIPE_LOCAL_RETRY_DAYS ?? '3,5,7' },
    'after-retries': { type: 'string', default: process.env.STRIPE_LOCAL_AFTER_RETRIES ?? 'cancel' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`Usage: pnpm stripe:local [options]

  --port N                 port to listen on (default 12111; env STRIPE_LOCAL_PORT)
  --host ADDRESS           address to listen on (default 127.0.0.1; env STRIPE_LOCAL_HOST)
  --public-url URL         how browsers reach this server, for checkout links (default http://HOST:PORT)
  --secret-key sk_test_... the API key the product must use (default sk_test_stripe_local)
  --webhook URL            send every event to this URL (env STRIPE_LOCAL_WEBHOOK_URL)
  --webhook-secret whsec_  sign them with this secret (default: the one in the state file, else a new one)
  --state FILE             keep products, customers and subscriptions in this JSON file across restarts
  --api-version VERSION    the account's default API version (default: the stripe package's)
  --retry-days 3,5,7       days between payment retries of a failed renewal
  --after-retries ACTION   when the last retry fails: cancel, unpaid or past_due (default cancel)
  --quiet                  do not log webhook deliveries`);
  process.exit(0);
}

const afterRetries = values['after-retries'];
if (afterRetries !== 'cancel' && afterRetries !== 'unpaid' && afterRetries !== 'past_due') usageError('--after-retries must be cancel, unpaid or past_due');
const retryDays = parseRetryDays(values['retry-days'], '3,5,7');
const wantedPort = parsePort(values.port);

const server = createStripeLocalServer({
  secretKey: values['secret-key'],
  publicUrl: values['public-url'],
  apiVersion: values['api-version'],
  statePath: values.state,
  paymentRetryDays: retryDays,
  afterFinalFailure: afterRetries,
  webhook: values.webhook ? { url: values.webhook, secret: values['webhook-secret'] } : undefined,
  log: values.quiet ? () => {} : (line) => console.log(line),
});
const { port, url } = await listenUntilStopped(server, wantedPort, values.host);
const host = new URL(addressForProduct(values.host, url, server.app.options.publicUrl)).hostname;
const webhookSecret = configuredEndpoint(server.app)?.secret;

console.log(`stripe-local is running at ${url} (test mode; nothing is charged)

Point the product at it (environment variables, then restart it):
  STRIPE_API_HOST=${host}
  STRIPE_API_PORT=${port}
  STRIPE_API_PROTOCOL=http
Secret key to enter in Settings › Subscriptions:  ${server.app.options.secretKey}
${
  values.webhook
    ? `Webhook: every event goes to ${values.webhook}
Webhook signing secret to enter in the product:   ${webhookSecret}`
    : 'No webhook endpoint: start with --webhook http://localhost:3000/<the product\'s webhook path> to receive events.'
}
Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0341 pays now, fails on renewal; 4000 0000 0000 0002 is declined.
Move time forward (renewals, failed payments):  curl -X POST -u ${server.app.options.secretKey}: ${url}/_test/clock/advance -d seconds=2678400
`);

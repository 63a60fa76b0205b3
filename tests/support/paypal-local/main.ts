/**
 * `pnpm paypal:local`: runs paypal-local by hand, so a self-hoster can try PayPal subscriptions
 * end to end without a PayPal account. See tests/support/paypal-local/README.md.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { addressForProduct, listenUntilStopped, parsePort, parseRetryDays, usageError } from '../local-double/cli.ts';
import { createPayPalLocalServer } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PAYPAL_LOCAL_PORT ?? '12112' },
    host: { type: 'string', default: process.env.PAYPAL_LOCAL_HOST ?? '127.0.0.1' },
    'public-url': { type: 'string', default: process.env.PAYPAL_LOCAL_PUBLIC_URL },
    'client-id': { type: 'string', default: process.env.PAYPAL_LOCAL_CLIENT_ID ?? 'paypal-local-client' },
    secret: { type: 'string', default: process.env.PAYPAL_LOCAL_SECRET ?? 'paypal-local-secret' },
    webhook: { type: 'string', default: process.env.PAYPAL_LOCAL_WEBHOOK_URL },
    'webhook-id': { type: 'string', default: process.env.PAYPAL_LOCAL_WEBHOOK_ID },
    state: { type: 'string', default: process.env.PAYPAL_LOCAL_STATE },
    'retry-days': { type: 'string', default: process.env.PAYPAL_LOCAL_RETRY_DAYS ?? '5,5' },
    'after-failures': { type: 'string', default: process.env.PAYPAL_LOCAL_AFTER_FAILURES ?? 'suspend' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

/** Without a state file the webhook id stays the same from run to run, so the product's setting keeps working. */
const FIXED_WEBHOOK_ID = '5PAYPALLOCAL00001';

if (values.help) {
  console.log(`Usage: pnpm paypal:local [options]

  --port N                 port to listen on (default 12112; env PAYPAL_LOCAL_PORT)
  --host ADDRESS           address to listen on (default 127.0.0.1; env PAYPAL_LOCAL_HOST)
  --public-url URL         how browsers reach this server, for approve links (default http://HOST:PORT)
  --client-id ID           the REST app's client id the product must use (default paypal-local-client)
  --secret SECRET          its secret (default paypal-local-secret)
  --webhook URL            send every event to this URL (env PAYPAL_LOCAL_WEBHOOK_URL)
  --webhook-id ID          the id of that webhook, to enter in the product (default: the state file's, else ${FIXED_WEBHOOK_ID})
  --state FILE             keep products, plans and subscriptions in this JSON file across restarts
  --retry-days 5,5         days between tries of a failed payment
  --after-failures ACTION  when failures reach the plan's payment_failure_threshold: suspend or cancel (default suspend)
  --quiet                  do not log webhook deliveries`);
  process.exit(0);
}

const afterFailures = values['after-failures'];
if (afterFailures !== 'suspend' && afterFailures !== 'cancel') usageError('--after-failures must be suspend or cancel');
const retryDays = parseRetryDays(values['retry-days'], '5,5');
const wantedPort = parsePort(values.port);

const server = createPayPalLocalServer({
  clientId: values['client-id'],
  secret: values.secret,
  publicUrl: values['public-url'],
  statePath: values.state,
  paymentRetryDays: retryDays,
  afterFailures,
  webhookId: values['webhook-id'] ?? (values.state && existsSync(values.state) ? undefined : FIXED_WEBHOOK_ID),
  webhookUrl: values.webhook,
  log: values.quiet ? () => {} : (line) => console.log(line),
});
const { url } = await listenUntilStopped(server, wantedPort, values.host);
const apiUrl = addressForProduct(values.host, url, server.app.options.publicUrl);
const { clientId, secret } = server.app.options;

console.log(`paypal-local is running at ${url} (test mode; nothing is charged)

Point the product at it (environment variable, then restart it):
  PAYPAL_API_URL=${apiUrl}
Enter in Settings › Subscriptions (or set PAYPAL_CLIENT_ID, PAYPAL_SECRET, PAYPAL_WEBHOOK_ID):
  Client ID:   ${clientId}
  Secret:      ${secret}
  Webhook ID:  ${server.webhookId}
${
  values.webhook
    ? `Webhook: every event goes to ${values.webhook}`
    : "No webhook URL: start with --webhook http://localhost:3000/api/v1/billing/paypal/webhook to receive events."
}
On the approve page any email logs in; tick "make every later payment fail" to try failed renewals.
Move time forward (renewals, failed payments):  curl -X POST -u ${clientId}:${secret} ${url}/_test/clock/advance -d seconds=2678400
`);

import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The servers of the e2e run and their ports. Each Playwright worker has a server of its own (its
 * database, storage folder and mail, OAuth, Stripe and PayPal doubles), so tests in parallel never
 * see each other's settings or data; one more server keeps its files in a local S3-compatible
 * bucket for the `s3` project. E2E_PORT moves them all, so that two checkouts on one machine can
 * run their browser tests at the same time.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT || 3917);
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };
/** At most this many workers: the S3 server takes the slot after theirs. */
export const E2E_MAX_WORKERS = 8;
/**
 * Workers (and so local-storage servers) of a run, unless E2E_WORKERS or `--workers` says
 * otherwise: one more than the cores, as a browser test spends about half its time waiting (for
 * pages, playback, animations), so three keep two cores busy.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS || Math.min(E2E_MAX_WORKERS, availableParallelism() + 1));

/** A server's port and, above it, its doubles' (+8 … +11): the ports one slot takes. */
const PORTS_PER_SERVER = 12;
const tmp = path.join(path.dirname(fileURLToPath(import.meta.url)), '../.tmp');

export interface E2eServer {
  name: string;
  port: number;
  /** A spec that reads mail starts an SMTP server on this port; the server sends its mail there. */
  smtpPort: number;
  /** The server signs in with Google through a local OAuth 2 server on this port. */
  oauthPort: number;
  /** The server's payments go to a stripe-local server on this port (its webhooks signed with E2E_STRIPE_WEBHOOK_SECRET). */
  stripePort: number;
  /** The server's PayPal calls go to a paypal-local server on this port. */
  paypalPort: number;
  /** Its STORAGE_PATH, emptied at each start: the SQLite file is `database.sqlite` in it. */
  storage: string;
  /** Where its local S3-compatible server keeps the buckets (the S3 server only). */
  buckets?: string;
}

function serverAt(slot: number, name: string, buckets?: string): E2eServer {
  const port = E2E_BASE_PORT + slot * PORTS_PER_SERVER;
  return { name, port, smtpPort: port + 8, oauthPort: port + 9, stripePort: port + 10, paypalPort: port + 11, storage: path.join(tmp, `e2e-storage-${name}`), buckets };
}

/** The server of worker `index` (Playwright's parallel index), on local storage. */
export const localServer = (index: number): E2eServer => serverAt(index, String(index));
/** The server of the `s3` project, its files in a local S3-compatible bucket with direct uploads. */
export const S3_SERVER: E2eServer = serverAt(E2E_MAX_WORKERS, 's3', path.join(tmp, 'e2e-s3'));

/**
 * This worker's server. Playwright numbers a run's workers 0, 1, … in TEST_PARALLEL_INDEX (the
 * config is loaded again in each worker, so its baseURL follows too); outside a worker, server 0.
 * Tests of the `s3` project reach their server through baseURL: these ports stay the local one's.
 */
const own = localServer(Number(process.env.TEST_PARALLEL_INDEX || 0));
export const E2E_PORT = own.port;
export const E2E_SMTP_PORT = own.smtpPort;
export const E2E_OAUTH_PORT = own.oauthPort;
export const E2E_STORAGE_PATH = own.storage;
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e_stripe_local';

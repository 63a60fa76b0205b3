/**
 * `pnpm s3:local`: an S3-compatible server on this machine, to try `STORAGE_DRIVER=s3` by hand
 * without a cloud account. It prints the variables to start the product with.
 */
import { parseArgs } from 'node:util';
import { parsePort, usageError } from '../local-double/cli.ts';
import { startS3Local } from './index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.S3_LOCAL_PORT ?? '9000' },
    host: { type: 'string', default: process.env.S3_LOCAL_HOST ?? '127.0.0.1' },
    directory: { type: 'string', default: process.env.S3_LOCAL_DIRECTORY ?? 'storage/s3-local' },
    bucket: { type: 'string', default: process.env.S3_LOCAL_BUCKET ?? 'cadence' },
    'access-key-id': { type: 'string', default: process.env.S3_LOCAL_ACCESS_KEY_ID ?? 's3-local-key' },
    'secret-access-key': { type: 'string', default: process.env.S3_LOCAL_SECRET_ACCESS_KEY ?? 's3-local-secret' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`Usage: pnpm s3:local [options]

  --port N                  port to listen on (default 9000; env S3_LOCAL_PORT)
  --host ADDRESS            address to listen on (default 127.0.0.1; env S3_LOCAL_HOST)
  --directory FOLDER        where the buckets are kept (default storage/s3-local)
  --bucket NAME             the bucket to create (default cadence)
  --access-key-id ID        the key pair requests must be signed with
  --secret-access-key KEY   (defaults s3-local-key / s3-local-secret)`);
  process.exit(0);
}
if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(values.bucket)) usageError('--bucket must be a bucket name: lowercase letters, digits, dots and hyphens');

const server = await startS3Local({
  port: parsePort(values.port),
  host: values.host,
  directory: values.directory,
  bucket: values.bucket,
  accessKeyId: values['access-key-id'],
  secretAccessKey: values['secret-access-key'],
}).catch((error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${values.port} is in use; choose another with --port.` : error.message);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close().then(() => process.exit(0)));

console.log(`s3-local listening on ${server.url}, bucket "${server.bucket}" in ${values.directory}. Start the product with:\n`);
console.log(Object.entries(server.env).map(([name, value]) => `${name}=${value}`).join(' \\\n'), '\\\n  pnpm start');

import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { multipartExtras } from './multipart.ts';
import { verifySigV4 } from './sigv4.ts';

/**
 * s3-local: an S3-compatible server on this machine, for tests and for trying `STORAGE_DRIVER=s3`
 * by hand (`pnpm s3:local`). s3rver answers the S3 API (objects, ranges, multipart uploads, copies,
 * listings) from a folder; in front of it every request must carry a valid AWS Signature V4 for
 * the configured key pair, as S3 requires, so a product that signs wrongly fails here too.
 */
export interface S3LocalOptions {
  port?: number;
  host?: string;
  /** Folder holding the buckets; a temporary one, removed on close, by default. */
  directory?: string;
  bucket?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Origins that may PUT to presigned addresses from a browser (direct uploads); `*` by default. */
  allowedOrigins?: string[];
}

export interface S3LocalHandle {
  url: string;
  port: number;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The product's variables to use this server. */
  env: Record<string, string>;
  /** Every request that reached the server, as `METHOD /path?query` (signed or not). */
  requests: string[];
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account.js') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };

const corsConfig = (origins: string[]) => `<CORSConfiguration>
  <CORSRule>
    ${origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('\n    ')}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

interface KoaContext {
  method: string;
  originalUrl: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}

/**
 * s3rver removes a folder a DELETE leaves empty, and makes a PUT's folder before it opens the file:
 * a DELETE in between makes that open fail outside any handler, which ends the whole process (two
 * direct uploads of one user share `direct/<id>/`). So a DELETE waits for the writes under way
 * (PUTs, multipart completions), and writes wait for a DELETE under way.
 */
function deletesApartFromWrites() {
  let writes = 0;
  let deleting: Promise<void> | undefined;
  const waitingForWrites: (() => void)[] = [];
  return async (ctx: KoaContext & { query: Record<string, unknown> }, next: () => Promise<void>) => {
    const write = ctx.method === 'PUT' || (ctx.method === 'POST' && 'uploadId' in ctx.query);
    if (write) {
      while (deleting) await deleting;
      writes += 1;
      try {
        return await next();
      } finally {
        writes -= 1;
        if (!writes) for (const go of waitingForWrites.splice(0)) go();
      }
    }
    if (ctx.method !== 'DELETE') return next();
    while (writes || deleting) await (deleting ?? new Promise<void>((go) => waitingForWrites.push(go)));
    const run = next();
    deleting = run.then(
      () => undefined,
      () => undefined,
    ).finally(() => {
      deleting = undefined;
    });
    return run;
  };
}

export async function startS3Local(options: S3LocalOptions = {}): Promise<S3LocalHandle> {
  const bucket = options.bucket ?? 'cadence';
  const accessKeyId = options.accessKeyId ?? 's3-local-key';
  const secretAccessKey = options.secretAccessKey ?? 's3-local-secret';
  const temporary = options.directory ? undefined : mkdtempSync(path.join(tmpdir(), 's3-local-'));
  const directory = options.directory ?? temporary!;
  DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
  const secrets = new Map([[accessKeyId, secretAccessKey]]);
  const requests: string[] = [];

  const server = new S3rver({
    port: options.port ?? 0,
    address: options.host ?? '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [corsConfig(options.allowedOrigins ?? ['*'])] }],
  });
  // Before s3rver's own middleware: Koa composes the list when the server starts listening.
  (server as unknown as { middleware: unknown[] }).middleware.unshift(multipartExtras(directory));
  (server as unknown as { middleware: unknown[] }).middleware.unshift(deletesApartFromWrites());
  (server as unknown as { middleware: unknown[] }).middleware.unshift(async (ctx: KoaContext, next: () => Promise<void>) => {
    requests.push(`${ctx.method} ${ctx.originalUrl}`);
    // Browsers ask before a cross-origin PUT without credentials; S3 answers from the CORS rules.
    if (ctx.method === 'OPTIONS') return next();
    const verdict = verifySigV4({ method: ctx.method, url: ctx.originalUrl, headers: ctx.headers }, secrets);
    if (verdict.ok) return next();
    ctx.status = 403;
    ctx.type = 'application/xml';
    // Koa would turn a null body into a 204; Node sends no body to a HEAD anyway.
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${verdict.code}</Code><Message>${verdict.message}</Message></Error>`;
  });
  const address = (await server.run()) as unknown as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
  const url = `http://${host}:${address.port}`;
  return {
    url,
    port: address.port,
    bucket,
    accessKeyId,
    secretAccessKey,
    requests,
    env: {
      STORAGE_DRIVER: 's3',
      STORAGE_S3_ENDPOINT: url,
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_REGION: 'us-east-1',
      STORAGE_S3_ACCESS_KEY_ID: accessKeyId,
      STORAGE_S3_SECRET_ACCESS_KEY: secretAccessKey,
      STORAGE_S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      if (temporary) rmSync(temporary, { recursive: true, force: true });
    },
  };
}

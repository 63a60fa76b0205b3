import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Deployment configuration from the environment. Everything people change while the site runs
 * lives in the settings table instead; this is only what must be known before the database opens.
 */
export interface Config {
  port: number;
  /** Public base URL, without a trailing slash. */
  appUrl: string;
  /**
   * Secret the server encrypts what it must read back with (Subsonic app passwords) (APP_KEY);
   * unset, a key generated once is kept in STORAGE_PATH/app.key.
   */
  appKey: string | undefined;
  /** Root of everything the app writes: the SQLite file (by default), uploads and caches. */
  storagePath: string;
  databaseUrl: string;
  debug: boolean;
  /** Largest JSON or form body accepted by the API, in bytes. */
  maxBodyBytes: number;
  /** Seed the demo catalog when the database has no music yet. */
  seedDemo: boolean;
  demoAudioCache: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  production: boolean;
  /**
   * Addresses and CIDR ranges of the reverse proxies in front of the server (TRUSTED_PROXIES):
   * only a request coming from one of them has its client read from X-Forwarded-For.
   */
  trustedProxies: string[];
  /**
   * Sources the self-hoster adds to the Content-Security-Policy of the site and the back office,
   * by directive (CSP_EXTRA_SOURCES), for third-party code the product cannot know about.
   */
  cspExtraSources: Record<string, string[]>;
  /** Where reCAPTCHA tokens are checked; Google's service unless a compatible one is set. */
  recaptchaVerifyUrl: string;
  /** Social sign-in credentials and addresses from SOCIAL_<NAME>_* variables; they win over settings. */
  social: Record<string, { clientId?: string; clientSecret?: string; authorizeUrl?: string; tokenUrl?: string; userInfoUrl?: string }>;
  /**
   * Stripe from STRIPE_* variables: the keys win over the back-office settings, and the API address
   * (the SDK's host, port and protocol) points it at a Stripe-compatible server instead of Stripe.
   */
  stripe: {
    secretKey?: string;
    webhookSecret?: string;
    host?: string;
    port?: number;
    protocol?: 'http' | 'https';
  };
  /**
   * PayPal from PAYPAL_* variables: the credentials and webhook id win over the back-office settings;
   * the API address is PayPal's live one unless PAYPAL_API_URL names the sandbox or a test double.
   */
  paypal: {
    clientId?: string;
    secret?: string;
    webhookId?: string;
    apiUrl: string;
  };
  /** The process log and the rotation of log files, from LOG_* variables (docs/configuration.md#logging). */
  logging: {
    /** trace, debug, info, warn, error, fatal or silent (LOG_LEVEL). */
    level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';
    /** One readable line per entry, or JSON; unset, pretty on a terminal and JSON otherwise (LOG_FORMAT). */
    format: 'json' | 'pretty' | undefined;
    /** A line per request, by default only outside production; requests that fail with a 5xx are logged either way (LOG_REQUESTS). */
    requests: boolean;
    /** Also write the process log to this file, rotated like the error log (LOG_FILE). */
    file: string | undefined;
    /** Log files start anew every day or every hour (LOG_ROTATE_FREQUENCY)… */
    rotateFrequency: 'daily' | 'hourly';
    /** …and when they reach this size, such as 10m or 500k (LOG_ROTATE_SIZE)… */
    rotateSize: string;
    /** …keeping this many earlier files of each log (LOG_ROTATE_FILES). */
    rotateFiles: number;
  };
  /**
   * Where file bytes live (STORAGE_DRIVER): the local disk under storagePath, or an S3-compatible
   * bucket (STORAGE_S3_*). The database and the logs stay where they are either way.
   */
  storage: StorageConfig;
  /** SMTP from MAIL_* variables; each one set here wins over the back-office setting. */
  mail: {
    host?: string;
    port?: number;
    username?: string;
    password?: string;
    encryption?: 'tls' | 'ssl' | 'none';
    fromAddress?: string;
    fromName?: string;
  };
}

export type StorageConfig = { driver: 'local' } | ({ driver: 's3' } & S3Config);

export interface S3Config {
  /** The S3 API's address; unset, AWS's own for the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset, the AWS SDK's own credential chain (instance role, AWS_* variables, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: most self-hosted S3 servers need it. */
  forcePathStyle: boolean;
  /** Every object's key starts with it (`cadence/`), so a bucket can be shared; empty for the whole bucket. */
  prefix: string;
  /**
   * Browsers send files to the bucket themselves (spec §7 s3/… calls). Off by default: the bucket
   * then needs a CORS rule for the site, which only the self-hoster can add.
   */
  directUploads: boolean;
}

const flag = z.enum(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off', '']).transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const S3Env = z
  .object({
    STORAGE_S3_ENDPOINT: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+\/?$/, { error: 'STORAGE_S3_ENDPOINT must be an address such as https://s3.example.com or http://127.0.0.1:9000' })
      .transform((value) => value.replace(/\/$/, ''))
      .optional(),
    // S3's own bucket naming rules: what a real service would refuse is refused at start.
    STORAGE_S3_BUCKET: z
      .string({ error: 'STORAGE_S3_BUCKET is required with STORAGE_DRIVER=s3' })
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'STORAGE_S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens' }),
    STORAGE_S3_REGION: z.string().trim().regex(/^[a-z0-9-]{1,50}$/, { error: 'STORAGE_S3_REGION must be a region name such as us-east-1' }).default('us-east-1'),
    STORAGE_S3_ACCESS_KEY_ID: z.string().trim().optional(),
    STORAGE_S3_SECRET_ACCESS_KEY: z.string().optional(),
    STORAGE_S3_FORCE_PATH_STYLE: flag.default(false),
    STORAGE_S3_DIRECT_UPLOADS: flag.default(false),
    STORAGE_S3_PREFIX: z
      .string()
      .regex(/^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)*$/, { error: 'STORAGE_S3_PREFIX must be folder names each ending with a slash, such as cadence/ (no .. or leading slash)' })
      .default(''),
  })
  .refine((env) => Boolean(env.STORAGE_S3_ACCESS_KEY_ID) === Boolean(env.STORAGE_S3_SECRET_ACCESS_KEY), {
    error: 'STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS credential chain',
  });

function parseStorage(env: NodeJS.ProcessEnv): StorageConfig {
  const driver = (env.STORAGE_DRIVER || 'local').toLowerCase();
  if (driver === 'local') return { driver: 'local' };
  if (driver !== 's3') throw new Error(`STORAGE_DRIVER must be local or s3, got "${env.STORAGE_DRIVER}"`);
  // Empty variables count as unset, as elsewhere in this file.
  const present = Object.fromEntries(Object.entries(env).filter(([name, value]) => name.startsWith('STORAGE_S3_') && value !== ''));
  const parsed = S3Env.safeParse({ ...present, STORAGE_S3_FORCE_PATH_STYLE: present.STORAGE_S3_FORCE_PATH_STYLE?.toLowerCase(), STORAGE_S3_DIRECT_UPLOADS: present.STORAGE_S3_DIRECT_UPLOADS?.toLowerCase() });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? '');
    const message = issue?.code === 'invalid_value' ? `${name} must be true or false` : (issue?.message ?? 'STORAGE_S3_* is invalid');
    throw new Error(message);
  }
  const s3 = parsed.data;
  return {
    driver: 's3',
    endpoint: s3.STORAGE_S3_ENDPOINT,
    bucket: s3.STORAGE_S3_BUCKET,
    region: s3.STORAGE_S3_REGION,
    credentials: s3.STORAGE_S3_ACCESS_KEY_ID ? { accessKeyId: s3.STORAGE_S3_ACCESS_KEY_ID, secretAccessKey: s3.STORAGE_S3_SECRET_ACCESS_KEY! } : undefined,
    forcePathStyle: s3.STORAGE_S3_FORCE_PATH_STYLE,
    prefix: s3.STORAGE_S3_PREFIX,
    directUploads: s3.STORAGE_S3_DIRECT_UPLOADS,
  };
}

/** Where browsers send direct uploads: the bucket's own address, which pages must be allowed to connect to. */
function directUploadOrigin(storage: StorageConfig): string | undefined {
  if (storage.driver !== 's3' || !storage.directUploads) return undefined;
  if (!storage.endpoint) return `https://${storage.bucket}.s3.${storage.region}.amazonaws.com`;
  const endpoint = new URL(storage.endpoint);
  return storage.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${storage.bucket}.${endpoint.host}`;
}

function parseBoolean(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function parseSize(value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(value.trim());
  if (!match) throw new Error(`MAX_BODY_SIZE must be a size such as 1mb or 512kb, got "${value}"`);
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(match[2] ?? 'b').toLowerCase() as 'b'];
  return Math.floor(Number(match[1]) * unit);
}

function parseEncryption(value: string | undefined): Config['mail']['encryption'] {
  if (!value) return undefined;
  const lower = value.toLowerCase();
  if (lower === 'tls' || lower === 'starttls') return 'tls';
  if (lower === 'ssl' || lower === 'smtps') return 'ssl';
  if (lower === 'none' || lower === 'null' || lower === 'false') return 'none';
  throw new Error(`MAIL_ENCRYPTION must be tls, ssl or none, got "${value}"`);
}

/** `127.0.0.1, 10.0.0.0/8 ::1` → each address or range, checked, so a typo stops the start instead of trusting nothing. */
function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !validBits || rest.length) throw new Error(`TRUSTED_PROXIES must list IP addresses or ranges such as 127.0.0.1 or 10.0.0.0/8, got "${entry}"`);
  }
  return entries;
}

/** Directives a self-hoster may add sources to; the others are the product's to decide. */
const EXTENDABLE_DIRECTIVES = new Set(['connect-src', 'font-src', 'form-action', 'frame-ancestors', 'frame-src', 'img-src', 'manifest-src', 'media-src', 'script-src', 'style-src', 'worker-src']);

/** `script-src https://a.example https://b.example; frame-src https://c.example`, as in a policy. */
function parseCspSources(value: string | undefined): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const part of (value ?? '').split(';')) {
    const [directive, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (!directive) continue;
    if (!EXTENDABLE_DIRECTIVES.has(directive.toLowerCase())) {
      throw new Error(`CSP_EXTRA_SOURCES may add sources to ${[...EXTENDABLE_DIRECTIVES].join(', ')}; got "${directive}"`);
    }
    // A comma or a stray quote would end the policy early or make the browser drop it whole.
    const bad = sources.find((source) => !/^('[\w+/=-]+'|[^\s,;'"]+)$/.test(source));
    if (bad !== undefined || sources.length === 0) throw new Error(`CSP_EXTRA_SOURCES: "${directive}" needs sources such as https://ads.example.com, got "${bad ?? ''}"`);
    (result[directive.toLowerCase()] ??= []).push(...sources);
  }
  return result;
}

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

function parseLogging(env: NodeJS.ProcessEnv, cwd: string): Config['logging'] {
  const level = (env.LOG_LEVEL || 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  const format = env.LOG_FORMAT?.toLowerCase() || undefined;
  if (format !== undefined && format !== 'json' && format !== 'pretty') throw new Error(`LOG_FORMAT must be json or pretty, got "${env.LOG_FORMAT}"`);
  const frequency = (env.LOG_ROTATE_FREQUENCY || 'daily').toLowerCase();
  if (frequency !== 'daily' && frequency !== 'hourly') throw new Error(`LOG_ROTATE_FREQUENCY must be daily or hourly, got "${env.LOG_ROTATE_FREQUENCY}"`);
  const size = (env.LOG_ROTATE_SIZE || '10m').toLowerCase();
  if (!/^[1-9]\d{0,6}[kmg]$/.test(size)) throw new Error(`LOG_ROTATE_SIZE must be a size such as 10m or 500k, got "${env.LOG_ROTATE_SIZE}"`);
  const files = env.LOG_ROTATE_FILES ? Number(env.LOG_ROTATE_FILES) : 30;
  if (!Number.isInteger(files) || files < 1 || files > 10_000) throw new Error(`LOG_ROTATE_FILES must be a whole number from 1 to 10000, got "${env.LOG_ROTATE_FILES}"`);
  return {
    level: level as Config['logging']['level'],
    format,
    // Off in production: a line per request cost a busy server a quarter of its answers a second (docs/configuration.md#logging).
    requests: parseBoolean(env.LOG_REQUESTS, env.NODE_ENV !== 'production'),
    file: env.LOG_FILE ? path.resolve(cwd, env.LOG_FILE) : undefined,
    rotateFrequency: frequency,
    rotateSize: size,
    rotateFiles: files,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  if (env.STRIPE_API_PORT && !/^\d{1,5}$/.test(env.STRIPE_API_PORT)) throw new Error(`STRIPE_API_PORT must be a port number, got "${env.STRIPE_API_PORT}"`);
  if (env.STRIPE_API_PROTOCOL && !['http', 'https'].includes(env.STRIPE_API_PROTOCOL)) throw new Error(`STRIPE_API_PROTOCOL must be http or https, got "${env.STRIPE_API_PROTOCOL}"`);
  const paypalApiUrl = (env.PAYPAL_API_URL || 'https://api-m.paypal.com').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/.test(paypalApiUrl)) throw new Error(`PAYPAL_API_URL must be an address such as https://api-m.sandbox.paypal.com, got "${env.PAYPAL_API_URL}"`);
  if (env.MAIL_PORT && !/^\d{1,5}$/.test(env.MAIL_PORT)) throw new Error(`MAIL_PORT must be a port number, got "${env.MAIL_PORT}"`);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const storagePath = path.resolve(cwd, env.STORAGE_PATH || 'storage');
  const storage = parseStorage(env);
  const cspExtraSources = parseCspSources(env.CSP_EXTRA_SOURCES);
  const bucketOrigin = directUploadOrigin(storage);
  if (bucketOrigin) (cspExtraSources['connect-src'] ??= []).push(bucketOrigin);
  const appUrl = (env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(appUrl);
  } catch {
    throw new Error(`APP_URL must be an absolute URL such as https://music.example.com, got "${env.APP_URL}"`);
  }
  return {
    port,
    appUrl,
    appKey: env.APP_KEY || undefined,
    storagePath,
    databaseUrl: env.DATABASE_URL || path.join(storagePath, 'database.sqlite'),
    debug: parseBoolean(env.APP_DEBUG, false),
    maxBodyBytes: parseSize(env.MAX_BODY_SIZE, 1024 * 1024),
    seedDemo: parseBoolean(env.SEED_DEMO, true),
    demoAudioCache: env.DEMO_AUDIO_CACHE ? path.resolve(cwd, env.DEMO_AUDIO_CACHE) : path.join(storagePath, 'cache', 'demo-audio'),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    production: env.NODE_ENV === 'production',
    social: Object.fromEntries(
      ['google', 'facebook', 'twitter', 'envato'].map((name) => {
        const prefix = `SOCIAL_${name.toUpperCase()}_`;
        return [
          name,
          {
            clientId: env[`${prefix}CLIENT_ID`] || undefined,
            clientSecret: env[`${prefix}CLIENT_SECRET`] || undefined,
            authorizeUrl: env[`${prefix}AUTHORIZE_URL`] || undefined,
            tokenUrl: env[`${prefix}TOKEN_URL`] || undefined,
            userInfoUrl: env[`${prefix}USERINFO_URL`] || undefined,
          },
        ];
      }),
    ),
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    cspExtraSources,
    recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL || 'https://www.google.com/recaptcha/api/siteverify',
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      host: env.STRIPE_API_HOST || undefined,
      port: env.STRIPE_API_PORT ? Number(env.STRIPE_API_PORT) : undefined,
      protocol: (env.STRIPE_API_PROTOCOL || undefined) as 'http' | 'https' | undefined,
    },
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID || undefined,
      secret: env.PAYPAL_SECRET || undefined,
      webhookId: env.PAYPAL_WEBHOOK_ID || undefined,
      apiUrl: paypalApiUrl,
    },
    logging: parseLogging(env, cwd),
    storage,
    mail: {
      host: env.MAIL_HOST || undefined,
      port: env.MAIL_PORT ? Number(env.MAIL_PORT) : undefined,
      username: env.MAIL_USERNAME || undefined,
      password: env.MAIL_PASSWORD || undefined,
      encryption: parseEncryption(env.MAIL_ENCRYPTION),
      fromAddress: env.MAIL_FROM_ADDRESS || undefined,
      fromName: env.MAIL_FROM_NAME || undefined,
    },
  };
}

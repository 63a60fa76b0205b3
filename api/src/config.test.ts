import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('keeps everything under ./storage by default', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({ port: 3000, appUrl: 'http://localhost:3000', storagePath: '/srv/app/storage', debug: false, maxBodyBytes: 1024 * 1024, seedDemo: true });
    expect(config.databaseUrl).toBe(path.join('/srv/app/storage', 'database.sqlite'));
  });

  it('moves everything with STORAGE_PATH and the database alone with DATABASE_URL', () => {
    expect(loadConfig({ STORAGE_PATH: '/data' }, '/srv/app').databaseUrl).toBe('/data/database.sqlite');
    const config = loadConfig({ STORAGE_PATH: '/data', DATABASE_URL: '/fast/db.sqlite' }, '/srv/app');
    expect(config.storagePath).toBe('/data');
    expect(config.databaseUrl).toBe('/fast/db.sqlite');
  });

  it('reads sizes, flags and the public address', () => {
    const config = loadConfig({ MAX_BODY_SIZE: '512kb', APP_DEBUG: 'true', APP_URL: 'https://music.example.com/', PORT: '8080' });
    expect(config.maxBodyBytes).toBe(512 * 1024);
    expect(config.debug).toBe(true);
    expect(config.appUrl).toBe('https://music.example.com');
    expect(config.port).toBe(8080);
  });

  it('explains what is wrong with a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a port number/);
    expect(() => loadConfig({ MAX_BODY_SIZE: 'lots' })).toThrow(/MAX_BODY_SIZE/);
    expect(() => loadConfig({ APP_URL: 'music.example.com' })).toThrow(/APP_URL must be an absolute URL/);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy.local' })).toThrow(/TRUSTED_PROXIES/);
  });

  it('reads the logging settings, with defaults for a server that only logs to stdout', () => {
    expect(loadConfig({}, '/srv/app').logging).toEqual({ level: 'info', format: undefined, requests: true, file: undefined, rotateFrequency: 'daily', rotateSize: '10m', rotateFiles: 30 });
    // A line per request while developing; in production only on request, as the proxy in front keeps an access log.
    expect(loadConfig({ NODE_ENV: 'production' }, '/srv/app').logging.requests).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', LOG_REQUESTS: 'true' }, '/srv/app').logging.requests).toBe(true);
    const config = loadConfig({ LOG_LEVEL: 'WARN', LOG_FORMAT: 'json', LOG_REQUESTS: 'false', LOG_FILE: 'storage/logs/app', LOG_ROTATE_FREQUENCY: 'hourly', LOG_ROTATE_SIZE: '500k', LOG_ROTATE_FILES: '7' }, '/srv/app');
    expect(config.logging).toEqual({ level: 'warn', format: 'json', requests: false, file: '/srv/app/storage/logs/app', rotateFrequency: 'hourly', rotateSize: '500k', rotateFiles: 7 });
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent/);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be json or pretty/);
    expect(() => loadConfig({ LOG_ROTATE_FREQUENCY: 'weekly' })).toThrow(/LOG_ROTATE_FREQUENCY must be daily or hourly/);
    expect(() => loadConfig({ LOG_ROTATE_SIZE: '10 megabytes' })).toThrow(/LOG_ROTATE_SIZE must be a size such as 10m/);
    expect(() => loadConfig({ LOG_ROTATE_FILES: '0' })).toThrow(/LOG_ROTATE_FILES must be a whole number/);
  });

  it('lists the trusted proxies, by address or range', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8 ::1 fd00::/8' }).trustedProxies).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
  });

  it('reads the sources a self-hoster adds to the Content-Security-Policy', () => {
    expect(loadConfig({}).cspExtraSources).toEqual({});
    const config = loadConfig({ CSP_EXTRA_SOURCES: ' script-src https://a.example  https://b.example;frame-src https://c.example; ; Script-Src https://d.example' });
    expect(config.cspExtraSources).toEqual({ 'script-src': ['https://a.example', 'https://b.example', 'https://d.example'], 'frame-src': ['https://c.example'] });
    expect(() => loadConfig({ CSP_EXTRA_SOURCES: 'default-src *' })).toThrow(/CSP_EXTRA_SOURCES may add sources to .*default-src/);
    expect(() => loadConfig({ CSP_EXTRA_SOURCES: 'script-src' })).toThrow(/"script-src" needs sources/);
    // A comma ends a policy and starts another; a stray quote makes the browser drop the source.
    expect(() => loadConfig({ CSP_EXTRA_SOURCES: 'script-src https://a.example,https://b.example' })).toThrow(/CSP_EXTRA_SOURCES/);
    expect(() => loadConfig({ CSP_EXTRA_SOURCES: "script-src 'unsafe-inline" })).toThrow(/CSP_EXTRA_SOURCES/);
  });
  it('keeps files on the local disk unless STORAGE_DRIVER says s3, and reads the bucket from STORAGE_S3_*', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000/',
      STORAGE_S3_BUCKET: 'music',
      STORAGE_S3_ACCESS_KEY_ID: 'key',
      STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
      STORAGE_S3_FORCE_PATH_STYLE: 'true',
      STORAGE_S3_PREFIX: 'cadence/',
    });
    expect(config.storage).toEqual({ driver: 's3', endpoint: 'http://127.0.0.1:9000', bucket: 'music', region: 'us-east-1', credentials: { accessKeyId: 'key', secretAccessKey: 'secret' }, forcePathStyle: true, prefix: 'cadence/', directUploads: false });
    // Without keys, the AWS SDK's own credential chain (an instance role) is used.
    expect(loadConfig({ STORAGE_DRIVER: 's3', STORAGE_S3_BUCKET: 'music', STORAGE_S3_REGION: 'eu-west-3' }).storage).toMatchObject({ endpoint: undefined, region: 'eu-west-3', credentials: undefined, forcePathStyle: false, prefix: '' });
  });

  it('lets pages send direct uploads to the bucket only when they are turned on', () => {
    const s3 = { STORAGE_DRIVER: 's3', STORAGE_S3_BUCKET: 'music', STORAGE_S3_ENDPOINT: 'https://s3.example.com' };
    expect(loadConfig(s3).cspExtraSources).toEqual({});
    expect(loadConfig({ ...s3, STORAGE_S3_DIRECT_UPLOADS: 'true' }).cspExtraSources).toEqual({ 'connect-src': ['https://music.s3.example.com'] });
    expect(loadConfig({ ...s3, STORAGE_S3_DIRECT_UPLOADS: 'true', STORAGE_S3_FORCE_PATH_STYLE: 'true', CSP_EXTRA_SOURCES: 'connect-src https://cdn.example' }).cspExtraSources).toEqual({ 'connect-src': ['https://cdn.example', 'https://s3.example.com'] });
    expect(loadConfig({ STORAGE_DRIVER: 's3', STORAGE_S3_BUCKET: 'music', STORAGE_S3_REGION: 'eu-west-3', STORAGE_S3_DIRECT_UPLOADS: 'on' }).cspExtraSources['connect-src']).toEqual(['https://music.s3.eu-west-3.amazonaws.com']);
  });

  it('stops the start with the reason when the S3 settings are wrong', () => {
    const s3 = { STORAGE_DRIVER: 's3', STORAGE_S3_BUCKET: 'music' };
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER must be local or s3/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/STORAGE_S3_BUCKET is required with STORAGE_DRIVER=s3/);
    expect(() => loadConfig({ ...s3, STORAGE_S3_BUCKET: 'My_Bucket' })).toThrow(/STORAGE_S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ ...s3, STORAGE_S3_ENDPOINT: 's3.example.com' })).toThrow(/STORAGE_S3_ENDPOINT must be an address/);
    expect(() => loadConfig({ ...s3, STORAGE_S3_ACCESS_KEY_ID: 'key' })).toThrow(/go together/);
    expect(() => loadConfig({ ...s3, STORAGE_S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/STORAGE_S3_FORCE_PATH_STYLE must be true or false/);
    for (const prefix of ['../other/', '/abs/', 'a/../b/', 'no-slash']) expect(() => loadConfig({ ...s3, STORAGE_S3_PREFIX: prefix }), prefix).toThrow(/STORAGE_S3_PREFIX/);
  });
});

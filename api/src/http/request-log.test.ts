import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, createTestApp, type TestApp } from '../testing.ts';

/** The database's own words for the table the test took away: SQLite's, or PostgreSQL's. */
const MISSING_GENRES = /no such table: genres|relation \\?"genres\\?" does not exist/;

let t: TestApp;
let quiet: TestApp;
let logs: ReturnType<typeof captureLogs>;

beforeAll(async () => {
  t = await createTestApp();
  quiet = await createTestApp({ LOG_REQUESTS: 'false' });
});
afterAll(async () => {
  await t.close();
  await quiet.close();
});
afterEach(() => logs?.restore());

const requestLines = () => logs.entries.filter((entry) => entry.msg === 'request' || entry.msg === 'request failed');

describe('the request log', () => {
  it('logs one line per request with method, path, status, duration and the id sent back in X-Request-Id', async () => {
    logs = captureLogs();
    const response = await t.client().get('/api/v1/genres?token=secret-in-the-query');
    expect(response.status).toBe(200);
    const id = response.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines()).toEqual([{ level: 30, time: expect.any(String), req_id: id, method: 'GET', path: '/api/v1/genres', status: 200, duration_ms: expect.any(Number), msg: 'request' }]);
    // The query may carry a token: it never reaches the log.
    expect(JSON.stringify(logs.entries)).not.toContain('secret-in-the-query');
  });

  it("keeps a proxy's request id, and replaces one that is not a plain id", async () => {
    logs = captureLogs();
    const kept = await t.client().get('/api/v1/genres', { headers: { 'X-Request-Id': 'edge-4f2a:17' } });
    expect(kept.headers.get('X-Request-Id')).toBe('edge-4f2a:17');
    const replaced = await t.client().get('/api/v1/genres', { headers: { 'X-Request-Id': 'evil\u001b[31m "injected"' } });
    expect(replaced.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines().map((line) => line.req_id)).toEqual(['edge-4f2a:17', replaced.headers.get('X-Request-Id')]);
  });

  it('logs a refused request as a warning', async () => {
    logs = captureLogs();
    expect((await t.client().get('/api/v1/tracks/999999999')).status).toBe(404);
    expect(requestLines()).toEqual([expect.objectContaining({ level: 40, path: '/api/v1/tracks/999999999', status: 404 })]);
  });

  it('with LOG_REQUESTS off, logs only failed requests, with their error and the id the error log has too', async () => {
    logs = captureLogs();
    expect((await quiet.client().get('/api/v1/genres')).status).toBe(200);
    expect(requestLines()).toEqual([]);
    // A broken database is a real unexpected failure.
    await quiet.db.schema.alterTable('genres').renameTo('genres_away').execute();
    const failed = await quiet.client().get('/api/v1/genres');
    await quiet.db.schema.alterTable('genres_away').renameTo('genres').execute();
    expect(failed.status).toBe(500);
    const [line] = requestLines();
    expect(line).toMatchObject({ level: 50, method: 'GET', path: '/api/v1/genres', status: 500, req_id: failed.headers.get('X-Request-Id'), err: { message: expect.stringMatching(MISSING_GENRES) } });
    const admin = await quiet.loggedIn('admin@example.com', ['admin']);
    const errorLog = await (await admin.get('/api/v1/logs/error')).json();
    expect(errorLog.entries[0]).toMatchObject({ path: '/api/v1/genres', status: 500, request_id: failed.headers.get('X-Request-Id') });
  });
});

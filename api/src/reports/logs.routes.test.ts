import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../testing.ts';
import { logError } from './error-log.service.ts';
import { runScheduledJob, SCHEDULED_JOBS } from '../system/schedule.service.ts';

/** The database's own words for the table the test took away: SQLite's, or PostgreSQL's (quotes escaped in the log file's JSON). */
const MISSING_GENRES = /no such table: genres|relation \\?"genres\\?" does not exist/;

let t: TestApp;
let admin: TestClient;
let user: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loggedIn('admin@example.com', ['admin']);
  user = await t.loggedIn('listener@example.com', ['users']);
});
afterAll(() => t.close());

describe('logs', () => {
  it('guests get 401, users 403 on every log', async () => {
    for (const url of ['/api/v1/logs/error', '/api/v1/logs/error/download-latest', '/api/v1/logs/schedule', '/api/admin/outgoing-emails', '/api/admin/schedule-runs']) {
      expect((await t.client().get(url)).status, url).toBe(401);
      expect((await user.get(url)).status, url).toBe(403);
    }
  });

  it('says plainly when nothing was logged', async () => {
    expect(await (await admin.get('/api/v1/logs/error')).json()).toEqual({ files: [], file: null, entries: [], total: 0 });
    const download = await admin.get('/api/v1/logs/error/download-latest');
    expect(download.status).toBe(404);
    expect((await download.json()).message).toBe('No errors have been logged.');
  });

  it('a 500 is written to the error log, shown and downloadable; a 4xx is not', async () => {
    // A broken database is a real unexpected failure.
    await t.db.schema.alterTable('genres').renameTo('genres_away').execute();
    expect((await admin.get('/api/v1/genres')).status).toBe(500);
    await t.db.schema.alterTable('genres_away').renameTo('genres').execute();
    expect((await admin.get('/api/v1/tracks/999999999')).status).toBe(404);
    await logError(t.config, t.db, new Error('flush'));
    const log = await (await admin.get('/api/v1/logs/error')).json();
    expect(log.files).toHaveLength(1);
    const messages = log.entries.map((e: { message: string }) => e.message);
    expect(messages).toEqual(['flush', expect.stringMatching(MISSING_GENRES)]);
    expect(log.entries[1]).toMatchObject({ method: 'GET', path: '/api/v1/genres', status: 500, user_id: expect.any(Number) });

    const download = await admin.get('/api/v1/logs/error/download-latest');
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Disposition')).toBe(`attachment; filename="${log.file}"`);
    expect(await download.text()).toMatch(MISSING_GENRES);
  });

  it('the same failure met again is counted on its entry, not written again', async () => {
    await t.db.schema.alterTable('schedule_runs').renameTo('schedule_runs_away').execute();
    try {
      for (let i = 0; i < 3; i++) expect((await admin.get('/api/v1/logs/schedule')).status).toBe(500);
    } finally {
      await t.db.schema.alterTable('schedule_runs_away').renameTo('schedule_runs').execute();
    }
    // The log file is written in the background; an entry of its own waits for the ones before it.
    await logError(t.config, t.db, new Error('flush'));
    const log = await (await admin.get('/api/v1/logs/error')).json();
    const entries = log.entries.filter((e: { path?: string }) => e.path === '/api/v1/logs/schedule');
    expect(entries).toEqual([expect.objectContaining({ status: 500, count: 3, last_time: expect.any(String) })]);
    expect(Date.parse(entries[0].last_time)).toBeGreaterThanOrEqual(Date.parse(entries[0].time));
    const download = await (await admin.get('/api/v1/logs/error/download-latest')).text();
    expect(download.split('\n').filter((line) => line.includes('/api/v1/logs/schedule'))).toHaveLength(1);
  });

  it('the logging.errors setting turns the log off', async () => {
    await admin.put('/api/admin/settings', { 'logging.errors': false });
    await logError(t.config, t.db, new Error('not written'));
    const log = await (await admin.get('/api/v1/logs/error')).json();
    expect(log.entries.map((e: { message: string }) => e.message)).not.toContain('not written');
    await admin.put('/api/admin/settings', { 'logging.errors': true });
  });

  it('refuses file names that are not log files', async () => {
    for (const file of ['../database.sqlite', 'error-2026-01-01.log/../../x', 'passwd']) {
      expect((await admin.get(`/api/v1/logs/error?file=${encodeURIComponent(file)}`)).status).toBe(422);
    }
    expect((await admin.get('/api/v1/logs/error?file=error-1999-01-01.log')).status).toBe(404);
    expect((await admin.get('/api/v1/logs/error?page=0')).status).toBe(422);
  });

  it('the schedule lists its jobs and records each run', async () => {
    let schedule = await (await admin.get('/api/v1/logs/schedule')).json();
    expect(schedule.jobs).toEqual([expect.objectContaining({ name: 'cleanup:expired', every_minutes: 60, last_run: null })]);
    await t.db.insertInto('sessions').values({ id: 'x'.repeat(64), user_id: 1, last_active_at: '2020-01-01T00:00:00.000Z', expires_at: '2020-01-02T00:00:00.000Z' }).execute();
    await runScheduledJob(t.db, SCHEDULED_JOBS[0]);
    schedule = await (await admin.get('/api/v1/logs/schedule')).json();
    expect(schedule.jobs[0].last_run).toMatchObject({ status: 'ok', output: expect.stringContaining('Removed 1 sessions') });
    const runs = await (await admin.get('/api/admin/schedule-runs')).json();
    expect(runs[0]).toMatchObject({ job: 'cleanup:expired', status: 'ok' });
  });

  it('lists outgoing emails read-only', async () => {
    await t.db.insertInto('outgoing_emails').values({ to_address: 'a@example.com', subject: 'Reset your password', body: 'Link: [redacted]', status: 'logged', error: null }).execute();
    const emails = await (await admin.get(`/api/admin/outgoing-emails?filter=${encodeURIComponent('{"q":"reset"}')}`)).json();
    expect(emails[0]).toMatchObject({ to_address: 'a@example.com', subject: 'Reset your password' });
    expect((await admin.request('DELETE', `/api/admin/outgoing-emails/${emails[0].id}`)).status).toBe(403);
    expect((await admin.post('/api/admin/outgoing-emails', {})).status).toBe(403);
  });
});

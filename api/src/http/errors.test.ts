import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  MalformedRequestError,
  TooLargeError,
  TooManyAttemptsError,
  UnavailableError,
  forbidden,
  notFound,
  unauthenticated,
  validationFailed,
} from '../common/errors.ts';
import { StorageWriteError } from '../storage/storage.ts';
import { errorResponse } from './errors.ts';

function appThatThrows(debug: boolean) {
  return new Hono()
    .get('*', () => {
      throw new TypeError('database is locked');
    })
    .onError((error, c) => errorResponse(error, c, debug));
}

describe('unexpected errors', () => {
  it('answer API calls with a generic message and no trace by default', async () => {
    const response = await appThatThrows(false).request('/api/v1/anything');
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({ message: 'There was an issue. Please try again.' });
    expect(JSON.stringify(body)).not.toContain('database is locked');
  });

  it('include the exception and its trace when APP_DEBUG is on', async () => {
    const body = await (await appThatThrows(true).request('/api/v1/anything')).json();
    expect(body.exception).toBe('TypeError');
    expect(body.message).toBe('database is locked');
    expect(body.trace.length).toBeGreaterThan(0);
  });

  it('show browsers asking for a page the generic error page', async () => {
    const response = await appThatThrows(true).request('/album/1/a/b', { headers: { Accept: 'text/html,application/xhtml+xml' } });
    expect(response.status).toBe(500);
    expect(response.headers.get('Content-Type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('There was an issue loading this page');
    expect(html).toContain('Please try again later');
    expect(html).not.toContain('database is locked');
  });
});

describe("the services' errors", () => {
  const throwing = (error: unknown) =>
    new Hono()
      .post('*', () => {
        throw error;
      })
      .onError((thrown, c) => errorResponse(thrown, c, true));

  it.each([
    [new MalformedRequestError('The webhook signature is not valid.'), 400, { message: 'The webhook signature is not valid.' }],
    [unauthenticated(), 401, { message: 'You need to log in to do that.' }],
    [forbidden(), 403, { message: "You don't have permission to do that." }],
    [notFound('This album does not exist.'), 404, { message: 'This album does not exist.' }],
    [new ConflictError('This request was already reviewed.'), 409, { message: 'This request was already reviewed.' }],
    [new TooLargeError('The file is too large.', { file: 'The file is too large.' }), 413, { message: 'The file is too large.', errors: { file: 'The file is too large.' } }],
    [validationFailed({ name: 'Enter a name.', tags: ['Too many tags.'] }), 422, { message: 'Enter a name.', errors: { name: 'Enter a name.', tags: ['Too many tags.'] } }],
    [new TooManyAttemptsError('Too many invitations. Please try again later.'), 429, { message: 'Too many invitations. Please try again later.' }],
    [new UnavailableError('Payments are not available right now. Try again in a few minutes.'), 503, { message: 'Payments are not available right now. Try again in a few minutes.' }],
  ])('answer %s with its status and the payload of the specification, never a trace', async (error, status, body) => {
    const response = await throwing(error).request('/api/v1/anything', { method: 'POST' });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual(body);
  });
});

describe('text the database refuses', () => {
  it('answers 422 when PostgreSQL cannot hold a character it was sent, not 500', async () => {
    const refused = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const response = await new Hono()
      .post('*', () => {
        throw refused;
      })
      .onError((error, c) => errorResponse(error, c, false))
      .request('/api/v1/users/me', { method: 'POST' });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: 'The text contains a character that cannot be stored.' });
  });
});

describe('a server that cannot store what it was sent', () => {
  const failing = (error: unknown) =>
    new Hono()
      .post('*', () => {
        throw error;
      })
      .onError((thrown, c) => errorResponse(thrown, c, true));
  const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

  it.each([
    ['a full disk', errno('ENOSPC', "ENOSPC: no space left on device, open '/srv/cadence/storage/uploads/x.tmp'"), 'The server has no room to store this. Try again later.'],
    ['a full quota', errno('EDQUOT', 'EDQUOT: disk quota exceeded, write'), 'The server has no room to store this. Try again later.'],
    ['a full database', errno('SQLITE_FULL', 'database or disk is full'), 'The server has no room to store this. Try again later.'],
    ['a read-only disk', errno('EROFS', "EROFS: read-only file system, open '/srv/cadence/storage/public/a.png'"), 'The server cannot store this right now. Try again later.'],
    ['a read-only database', errno('SQLITE_READONLY', 'attempt to write a readonly database'), 'The server cannot store this right now. Try again later.'],
    ['a storage folder it may not write', new StorageWriteError('unwritable', errno('EACCES', "EACCES: permission denied, open '/srv/cadence/storage/public/a.png'")), 'The server cannot store this right now. Try again later.'],
  ])('answers 507 for %s, naming no path even with APP_DEBUG on', async (_case, error, message) => {
    const response = await failing(error).request('/api/v1/file-entries', { method: 'POST' });
    expect(response.status).toBe(507);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message });
    expect(text).not.toMatch(/srv|ENOSPC|EROFS|EACCES|SQLITE/);
  });

  it('leaves a permission error outside a storage write a plain 500: a reader is not told the disk is full', async () => {
    const response = await failing(errno('EACCES', 'EACCES: permission denied')).request('/api/v1/anything', { method: 'POST' });
    expect(response.status).toBe(500);
  });

  it('shows browsers asking for a page the error page', async () => {
    const response = await failing(errno('ENOSPC', 'ENOSPC')).request('/account-settings', { method: 'POST', headers: { Accept: 'text/html' } });
    expect(response.status).toBe(507);
    expect(await response.text()).toContain('There was an issue loading this page');
  });
});

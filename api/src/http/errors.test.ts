import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from './testing.ts';

let t: TestApp;
let victim: TestClient;
let attackerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  victim = await t.loggedIn('victim@example.com');
  const attacker = t.client();
  await attacker.get('/api/v1/genres');
  attackerToken = decodeURIComponent(attacker.cookies.get('XSRF-TOKEN')!);
});
afterAll(() => t.close());

describe('cross-site request forgery', () => {
  it('lets none of 1000 forged requests change anything', async () => {
    const cookie = [...victim.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const sessionOnly = `music_session=${victim.cookies.get('music_session')}`;
    const forgeries: { method: string; url: string; headers: Record<string, string> }[] = [];
    const targets = [
      { method: 'PUT', url: '/api/v1/users/me' },
      { method: 'POST', url: '/api/v1/users/me?_method=PUT' },
      { method: 'POST', url: '/api/v1/user-sessions/logout-other' },
      { method: 'POST', url: '/auth/logout' },
      { method: 'DELETE', url: '/api/v1/users/me?deleteCurrentUser=1' },
    ];
    const variants: ((i: number) => Record<string, string>)[] = [
      () => ({ Cookie: cookie }), // the victim's cookies, no header: a plain cross-site form
      () => ({ Cookie: sessionOnly, 'X-XSRF-TOKEN': attackerToken }), // the attacker's own token
      (i) => ({ Cookie: cookie, 'X-XSRF-TOKEN': `forged${i}`.padEnd(43, 'x') }),
      () => ({ Cookie: cookie, 'X-XSRF-TOKEN': '' }),
      () => ({ Cookie: `${sessionOnly}; XSRF-TOKEN=${attackerToken}`, 'X-XSRF-TOKEN': decodeURIComponent(victim.cookies.get('XSRF-TOKEN')!) }),
      () => ({ Cookie: cookie, 'X-XSRF-TOKEN': decodeURIComponent(victim.cookies.get('XSRF-TOKEN')!), Origin: 'https://evil.example' }),
      () => ({ Cookie: cookie, 'X-HTTP-Method-Override': 'PUT' }),
      () => ({ Cookie: cookie, 'Content-Type': 'text/plain' }),
    ];
    for (let i = 0; forgeries.length < 1000; i++) {
      const target = targets[i % targets.length];
      forgeries.push({ ...target, headers: { 'Content-Type': 'application/json', ...variants[Math.floor(i / targets.length) % variants.length](i) } });
    }

    let succeeded = 0;
    for (const forgery of forgeries) {
      const response = await t.app.request(forgery.url, { method: forgery.method, headers: forgery.headers, body: JSON.stringify({ name: 'pwned', password: 'password123' }) });
      if (response.status < 400) succeeded++;
      expect(response.status).toBeLessThan(500);
    }
    expect(succeeded).toBe(0);

    const me = await (await victim.get('/api/v1/users/me')).json();
    expect(me.user.name).not.toBe('pwned');
    expect((await victim.get('/api/v1/users/me')).status).toBe(200);
  });
});

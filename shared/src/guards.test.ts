import { describe, expect, it } from 'vitest';
import { guardRedirect, type GuardSubject } from './guards.ts';

const visitor = (permissions: string[] = [], billing = false) => ({ user: null, permissions: permissions.map((name) => ({ name, restrictions: [] })), settings: { 'billing.enable': billing } }) as unknown as GuardSubject;
const user = (permissions: string[], billing: boolean, subscribed = false) =>
  ({ ...visitor(permissions, billing), user: { id: 1, subscriptions: subscribed ? [{ valid: true, active: true }] : [] } }) as unknown as GuardSubject;

describe('route guards', () => {
  it('sends visitors to /login for pages that need a login or a permission they lack', () => {
    expect(guardRedirect(visitor(), { login: true }, '/library')).toBe('/login?redirect=%2Flibrary');
    expect(guardRedirect(visitor(), { permission: 'music.view' }, '/album/1')).toBe('/login?redirect=%2Falbum%2F1');
    expect(guardRedirect(visitor(['music.view']), { permission: 'music.view' }, '/')).toBeUndefined();
  });

  it('sends users lacking a permission to /pricing when billing is on and they are not subscribed, else to /404', () => {
    expect(guardRedirect(user([], true), { permission: 'music.view' }, '/')).toBe('/pricing');
    expect(guardRedirect(user([], true, true), { permission: 'music.view' }, '/')).toBe('/404');
    expect(guardRedirect(user([], false), { permission: 'music.view' }, '/')).toBe('/404');
    expect(guardRedirect(user(['admin'], false), { permission: 'music.view' }, '/')).toBeUndefined();
  });
});

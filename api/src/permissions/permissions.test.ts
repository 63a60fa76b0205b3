import { describe, expect, it } from 'vitest';
import { beyondHeld, checkRestriction, hasPermission, isBackOfficePermission } from './permissions.ts';

describe('permissions', () => {
  const user = [{ name: 'music.view', restrictions: [] }, { name: 'music.create', restrictions: [{ name: 'count', value: 3 }] }];

  it('grants only what is listed, and everything to admin', () => {
    expect(hasPermission(user, 'music.view')).toBe(true);
    expect(hasPermission(user, 'admin.access')).toBe(false);
    expect(hasPermission([{ name: 'admin', restrictions: [] }], 'settings.update')).toBe(true);
  });

  it('is over quota at the limit, unlimited without a restriction', () => {
    expect(checkRestriction(user, 'music.create', 'count', 2)).toEqual({ noPermission: false, overQuota: false, failed: false });
    expect(checkRestriction(user, 'music.create', 'count', 3)).toEqual({ noPermission: false, overQuota: true, failed: true });
    expect(checkRestriction(user, 'music.view', 'count', 1000)).toEqual({ noPermission: false, overQuota: false, failed: false });
    expect(checkRestriction(user, 'roles.update', 'count', 0)).toEqual({ noPermission: true, overQuota: false, failed: true });
  });

  it('tells back-office permissions apart from what visitors and plans may have', () => {
    for (const name of ['admin', 'admin.access', 'plans.update', 'logs.view']) expect(isBackOfficePermission(name), name).toBe(true);
    for (const name of ['music.view', 'music.create', 'api.access', 'backstageRequests.create']) expect(isBackOfficePermission(name), name).toBe(false);
  });

  it('finds what goes beyond what one holds: a permission lacked, or a limit above one\'s own', () => {
    const count = (value: number | null) => [{ name: 'count', value }];
    expect(beyondHeld(user, { name: 'music.view', restrictions: [] })).toBeUndefined();
    expect(beyondHeld(user, { name: 'admin.access', restrictions: [] })).toBe('permission');
    expect(beyondHeld(user, { name: 'music.create', restrictions: count(3) })).toBeUndefined();
    expect(beyondHeld(user, { name: 'music.create', restrictions: count(4) })).toBe('limit');
    expect(beyondHeld(user, { name: 'music.create', restrictions: count(null) })).toBe('limit');
    expect(beyondHeld(user, { name: 'music.create', restrictions: [] })).toBe('limit');
    expect(beyondHeld([{ name: 'music.create', restrictions: [] }], { name: 'music.create', restrictions: [] })).toBeUndefined();
    expect(beyondHeld([{ name: 'admin', restrictions: [] }], { name: 'music.create', restrictions: [] })).toBeUndefined();
  });
});

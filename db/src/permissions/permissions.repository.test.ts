import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type Db } from '../connection.ts';
import { seedFoundation } from '../seed/index.ts';
import { setPlanPermissions, setRolePermissions, setUserPermissions } from '../admin/admin-accounts.repository.ts';
import { createUser } from '../accounts/users.repository.ts';
import { findRoleByName, mergeGrants, permissionsOfUser } from './permissions.repository.ts';

const count = (value: number | null) => [{ name: 'count', value }];
const upload = (value: number | null | undefined) => ({ name: 'music.create', restrictions: value === undefined ? [] : count(value) });

describe('merging grants', () => {
  it('lets the most generous limit win among roles and plans, no limit beating any', () => {
    expect(mergeGrants([upload(10), upload(50)], [])).toEqual([upload(50)]);
    expect(mergeGrants([upload(50), upload(10)], [])).toEqual([upload(50)]);
    expect(mergeGrants([upload(10), upload(undefined)], [])).toEqual([upload(undefined)]);
    expect(mergeGrants([upload(10), upload(null)], [])).toEqual([upload(undefined)]);
  });

  it('keeps permissions of every source and lets the user’s own grant replace the shared one', () => {
    const merged = mergeGrants([upload(10), { name: 'music.view', restrictions: [] }], [upload(3)]);
    expect(merged).toEqual([upload(3), { name: 'music.view', restrictions: [] }]);
  });
});

describe('permissions of a user with plans', () => {
  let db: Db;
  let userId: number;
  let planIds: number[];
  beforeAll(async () => {
    db = await createTestDb();
    await seedFoundation(db);
    const role = (await findRoleByName(db, 'users'))!;
    userId = (await createUser(db, { email: 'fan@example.com', password: 'x' }, [role.id])).id;
    planIds = [];
    for (const name of ['Small', 'Large']) {
      const { id } = await db.insertInto('products').values({ name }).returning('id').executeTakeFirstOrThrow();
      planIds.push(id);
    }
    await setPlanPermissions(db, planIds[0], [upload(10)]);
    await setPlanPermissions(db, planIds[1], [upload(100), { name: 'api.access', restrictions: [] }]);
    // One subscription per plan, told apart by status: the caller's rule picks which count.
    await db.insertInto('subscriptions').values([
      { user_id: userId, product_id: planIds[0], price_id: null, status: 'active', gateway_id: null, ends_at: null, renews_at: null, cancelled_at: null, payment_method: null, gateway_read_at: null },
      { user_id: userId, product_id: planIds[1], price_id: null, status: 'trialing', gateway_id: null, ends_at: null, renews_at: null, cancelled_at: null, payment_method: null, gateway_read_at: null },
    ]).execute();
  });
  afterAll(() => db.destroy());

  const statusOf = (plans: number[]): string[] => plans.map((id) => (id === planIds[0] ? 'active' : 'trialing'));
  const grants = (plans: number[]) => permissionsOfUser(db, userId, (terms) => statusOf(plans).includes(terms.status));
  const uploadGrant = async (plans: number[]) => (await grants(plans)).find((p) => p.name === 'music.create');

  it('adds only the plans whose subscription the caller counts', async () => {
    expect(await uploadGrant([])).toBeUndefined();
    expect(await uploadGrant([planIds[0]])).toEqual(upload(10));
    const both = await grants(planIds);
    expect(both.find((p) => p.name === 'music.create')).toEqual(upload(100));
    expect(both.map((p) => p.name)).toEqual(expect.arrayContaining(['music.view', 'backstageRequests.create', 'api.access']));
  });

  it('merges a plan with a role granting the same permission', async () => {
    const role = (await findRoleByName(db, 'users'))!;
    await setRolePermissions(db, role.id, [{ name: 'music.view', restrictions: [] }, upload(25)]);
    expect(await uploadGrant([planIds[0]])).toEqual(upload(25));
    expect(await uploadGrant([planIds[1]])).toEqual(upload(100));
    await setUserPermissions(db, userId, [upload(1)]);
    expect(await uploadGrant(planIds)).toEqual(upload(1));
  });
});

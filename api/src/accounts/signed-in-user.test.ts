import { describe, expect, it } from 'vitest';
import type { UserRow } from '@app/db';
import { signedInUser } from './signed-in-user.ts';

const row: UserRow = {
  id: 7,
  name: 'Ada',
  first_name: null,
  last_name: null,
  email: 'ada@example.com',
  password: '$argon2id$hash',
  image: null,
  email_verified_at: null,
  banned_at: null,
  language: null,
  country: null,
  timezone: null,
  two_factor_secret: 'JBSWY3DPEHPK3PXP',
  two_factor_confirmed_at: null,
  two_factor_recovery_codes: '["a"]',
  two_factor_last_step: 12,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('the account a request carries', () => {
  it('holds no password hash or two-factor secret, only what they tell', () => {
    const user = signedInUser(row);
    expect(JSON.stringify(user)).not.toMatch(/argon2|JBSWY3DPEHPK3PXP|recovery|two_factor_last_step/);
    expect(user).toMatchObject({ id: 7, email: 'ada@example.com', has_password: true, two_factor_state: 'setup' });
  });

  it('tells an account without a password and with two-factor on', () => {
    const user = signedInUser({ ...row, password: null, two_factor_confirmed_at: '2026-01-02T00:00:00.000Z' });
    expect(user).toMatchObject({ has_password: false, two_factor_state: 'enabled' });
  });
});

import type { BootstrapData } from '@app/api';
import { describe, expect, it } from 'vitest';
import { visibleMenuItems } from './menus.ts';

function bootstrap(overrides: { user?: Partial<NonNullable<BootstrapData['user']>> | null; permissions?: string[]; settings?: Record<string, unknown> } = {}): BootstrapData {
  return {
    user: overrides.user === undefined || overrides.user === null ? null : ({ id: 7, roles: [{ id: 2, name: 'users' }], subscriptions: [], ...overrides.user } as BootstrapData['user']),
    permissions: (overrides.permissions ?? []).map((name) => ({ name, restrictions: [] })),
    settings: {
      base_url: 'http://localhost',
      'billing.enable': true,
      menus: [
        {
          id: 'main',
          name: 'Main',
          positions: ['sidebar-primary'],
          items: [
            { id: 'home', label: 'Home', type: 'route', action: '/' },
            { id: 'no-action', label: 'Nowhere', type: 'route' },
            { id: 'admin', label: 'Admin', type: 'route', action: '/admin', permissions: ['admin.access'] },
            { id: 'role', label: 'Staff', type: 'route', action: '/staff', roles: [5] },
            { id: 'billing', label: 'Billing', type: 'route', action: '/billing', settings: { 'billing.enable': true }, subscriptionStatus: 'subscribed' },
            { id: 'upgrade', label: 'Upgrade', type: 'route', action: '/pricing', subscriptionStatus: 'notSubscribed' },
            { id: 'profile', label: 'Profile', type: 'route', action: '/user/{currentUser}' },
          ],
        },
        { id: 'other', name: 'Other', positions: ['mobile-bottom'], items: [{ id: 'x', label: 'X', type: 'route', action: '/x' }] },
      ],
      ...overrides.settings,
    } as BootstrapData['settings'],
    i18n: { language: 'en', lines: {} },
    themes: { all: [], selected: { mode: 'system', lightId: 1, darkId: 2 } },
    show_cookie_notice: false,
    post_login_path: '/',
    footer_pages: [],
  };
}

/** A subscription that counts, as the server describes it. */
const subscription = { id: 1, product_id: 1, price_id: 1, status: 'active', renews_at: null, ends_at: null, cancelled_at: null, valid: true, active: true, on_grace_period: false } as const;

const labels = (data: BootstrapData) => visibleMenuItems(data, 'sidebar-primary').map((item) => item.label);

describe('menu item visibility', () => {
  it('drops items without an action and those needing what the visitor lacks', () => {
    expect(labels(bootstrap())).toEqual(['Home', 'Upgrade', 'Profile']);
  });

  it('shows permission and role items to those who have them; admin grants every permission', () => {
    expect(labels(bootstrap({ user: {}, permissions: ['admin.access'] }))).toContain('Admin');
    expect(labels(bootstrap({ user: {}, permissions: ['admin'] }))).toContain('Admin');
    expect(labels(bootstrap({ user: { roles: [{ id: 5, name: 'staff' }] } }))).toContain('Staff');
  });

  it('checks settings and the subscription condition', () => {
    const subscriber = bootstrap({ user: { subscriptions: [subscription] } });
    expect(labels(subscriber)).toContain('Billing');
    expect(labels(subscriber)).not.toContain('Upgrade');
    const ended = bootstrap({ user: { subscriptions: [{ ...subscription, status: 'expired', valid: false, active: false }] } });
    expect(labels(ended)).not.toContain('Billing');
    expect(labels(ended)).toContain('Upgrade');
    const billingOff = bootstrap({ user: { subscriptions: [subscription] }, settings: { 'billing.enable': false } });
    expect(labels(billingOff)).not.toContain('Billing');
  });

  it('replaces {currentUser} with the user id', () => {
    const item = visibleMenuItems(bootstrap({ user: {} }), 'sidebar-primary').find((i) => i.id === 'profile');
    expect(item?.action).toBe('/user/7');
  });
});

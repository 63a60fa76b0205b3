import * as billingRepository from '@app/db/billing/billing';
import { z } from 'zod';
import { checkSubscriptionChange } from '../account-admin.service.ts';
import type { AdminResource } from '../resource.ts';

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'cancelled', 'expired'] as const;

/** A date and time as the back office's pickers send it; empty clears it. */
const dateTime = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value))), 'Enter a date such as 2027-01-31 or 2027-01-31T12:00:00Z.')
  .transform((value) => (value === '' ? null : new Date(value).toISOString()))
  .nullable()
  .optional();

const echoed = z.unknown().optional().transform(() => undefined);

/**
 * Subscriptions are made by checkout (billing, later); the back office views them and can end
 * one by hand: cancel it or mark it expired, and move its end date. It does not create them,
 * since a subscription without a payment behind it would grant a paid plan for free, and does
 * not delete them, since they are the billing history.
 */
export const subscriptions: AdminResource = {
  name: 'subscriptions',
  label: 'Subscriptions',
  permissions: { read: ['subscriptions.update'], write: ['subscriptions.update'] },
  operations: ['update'],
  table: {
    table: 'subscriptions',
    columns: ['id', 'user_id', 'product_id', 'price_id', 'status', 'gateway', 'gateway_id', 'ends_at', 'renews_at', 'cancelled_at', 'created_at', 'updated_at'],
    writable: ['status', 'ends_at'],
    searchable: ['gateway_id'],
    sortable: ['id', 'status', 'gateway', 'ends_at', 'renews_at', 'cancelled_at', 'created_at', 'updated_at'],
    filters: { status: 'text', product_id: 'number', user_id: 'number', gateway: 'text', created_at: 'date', renews_at: 'date', ends_at: 'date' },
    timestamps: true,
  },
  input: z.strictObject({
    status: z.enum(SUBSCRIPTION_STATUSES, 'Choose active, trialing, past due, cancelled or expired.'),
    ends_at: dateTime,
    // Added on read (see afterRead) and echoed back by the back office's forms: ignored.
    user_email: echoed,
    plan_name: echoed,
  }),
  async guardWrite(_data, existing, auth, deps) {
    if (existing) await checkSubscriptionChange(deps.db, auth, { user_id: existing.user_id as number, product_id: existing.product_id as number | null });
  },
  async afterRead(records, deps) {
    const { emails, planNames } = await billingRepository.subscriptionLabels(
      deps.db,
      records.map((r) => r.user_id as number),
      records.map((r) => r.product_id as number | null).filter((id): id is number => id !== null),
    );
    for (const record of records) {
      record.user_email = emails.get(record.user_id as number) ?? null;
      record.plan_name = record.product_id === null ? null : (planNames.get(record.product_id as number) ?? null);
    }
  },
  async afterWrite(record, _virtual, deps) {
    if (record.status === 'cancelled') await billingRepository.stampSubscriptionCancelled(deps.db, record.id);
  },
};

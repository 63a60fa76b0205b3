import type { Db, SubscriptionRow, SubscriptionStatus } from '@app/db';
import * as billingRepository from '@app/db/billing/billing';
import * as permissionsRepository from '@app/db/permissions/permissions';

/** Statuses under which a subscription keeps granting its plan until it ends; past_due is the grace while a failed payment is retried. */
const GRANTING_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);

export interface SubscriptionStanding {
  /** The subscription counts: it grants its plan's permissions and makes the user subscribed. */
  valid: boolean;
  /** Paid up and renewing: active or trialing, not cancelled. */
  active: boolean;
  /** Counts without renewing: cancelled but paid until `ends_at`, or past due. */
  on_grace_period: boolean;
}

/**
 * Whether a subscription counts, the one rule every part of the product follows (permissions,
 * isSubscribed, route guards, the Billing menu item). It counts while it has not ended (`ends_at`
 * null or in the future) and its status is active, trialing or past_due, or it is cancelled with
 * an `ends_at` still ahead: cancelled at the end of a period already paid for.
 */
export function subscriptionStanding(subscription: Pick<SubscriptionRow, 'status' | 'ends_at' | 'cancelled_at'>, now: number = Date.now()): SubscriptionStanding {
  const { status, ends_at: endsAt } = subscription;
  // An unreadable date counts as ended: when in doubt, a paid plan is not handed out.
  const ended = endsAt !== null && !(Date.parse(endsAt) > now);
  const paidUntilEnd = status === 'cancelled' && endsAt !== null;
  const valid = !ended && (GRANTING_STATUSES.has(status) || paidUntilEnd);
  const active = valid && (status === 'active' || status === 'trialing') && subscription.cancelled_at === null;
  return { valid, active, on_grace_period: valid && !active };
}

/** A subscription as the user's own account data shows it (`CurrentUser.subscriptions`). */
export interface UserSubscription extends SubscriptionStanding {
  id: number;
  product_id: number | null;
  price_id: number | null;
  status: SubscriptionStatus;
  renews_at: string | null;
  ends_at: string | null;
  cancelled_at: string | null;
}

/** Every subscription of the user, newest first, each with whether it counts. */
export async function userSubscriptions(db: Db, userId: number, now: number = Date.now()): Promise<UserSubscription[]> {
  return (await billingRepository.subscriptionsOfUser(db, userId)).map((row) => ({
    id: row.id,
    product_id: row.product_id,
    price_id: row.price_id,
    status: row.status,
    renews_at: row.renews_at,
    ends_at: row.ends_at,
    cancelled_at: row.cancelled_at,
    ...subscriptionStanding(row, now),
  }));
}

/**
 * A user's permissions: their roles' and the plans of the subscriptions that count, merged the
 * same way (the most generous limit wins), with the grants made to the user directly on top.
 */
export async function permissionsOfAccount(db: Db, userId: number, now: number = Date.now()): Promise<permissionsRepository.GrantedPermission[]> {
  return permissionsRepository.permissionsOfUser(db, userId, (terms) => subscriptionStanding(terms, now).valid);
}

/** The same from grants read earlier (grantsReachingUser): which plans count is decided at `now`. */
export function accountPermissionsFromGrants(grants: permissionsRepository.UserGrants, now: number = Date.now()): permissionsRepository.GrantedPermission[] {
  return permissionsRepository.permissionsFromGrants(grants, (terms) => subscriptionStanding(terms, now).valid);
}

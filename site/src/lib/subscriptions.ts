import type { CurrentUser } from '@app/api';

/**
 * isSubscribed of the spec: any of the user's subscriptions is valid. Whether one is valid is
 * decided once, on the server (subscriptionStanding in api/src/billing/subscriptions.service.ts).
 */
export function isSubscribed(user: Pick<CurrentUser, 'subscriptions'> | null | undefined): boolean {
  return Boolean(user?.subscriptions.some((s) => s.valid));
}

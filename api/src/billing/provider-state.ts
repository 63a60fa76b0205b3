import type { Db, SubscriptionRow } from '@app/db';
import * as billingRepository from '@app/db/billing/billing';
import { subscriptionStanding } from './subscriptions.service.ts';

/** A provider's webhook event, recorded as acted on with its effect. */
export interface BillingEvent {
  id: string;
  type: string;
}

/**
 * What a provider said about one subscription: the row to write (undefined for a subscription
 * that is not ours or not started, which writes nothing), the row stored now, and when it was read.
 */
export interface ProviderFinding {
  state: billingRepository.GatewaySubscriptionState | undefined;
  existing: SubscriptionRow | undefined;
  read: billingRepository.ProviderRead;
}

export type StoreOutcome =
  /** Written (or nothing to write); `started` when the subscription counts now and did not before. */
  | { kind: 'stored'; row: SubscriptionRow | undefined; started: boolean }
  /** The event was acted on before: nothing written. */
  | { kind: 'replayed' }
  /** A state read later was stored while this one was read: nothing written, read again. */
  | { kind: 'overtaken'; row: SubscriptionRow | undefined }
  /**
   * The user already holds another subscription that counts (two checkouts paid at once): this one
   * is not stored as counting; the caller cancels and refunds it at the provider, then reads it again.
   */
  | { kind: 'second'; row: SubscriptionRow | undefined };

/** Calls the provider for a subscription's state, noting when the call began and ended. */
export async function timedRead<T>(call: () => Promise<T>): Promise<{ value: T; read: billingRepository.ProviderRead }> {
  const startedAt = new Date().toISOString();
  const value = await call();
  return { value, read: { startedAt, endedAt: new Date().toISOString() } };
}

const counts = (row: Pick<SubscriptionRow, 'status' | 'ends_at' | 'cancelled_at'>) => subscriptionStanding(row).valid;

/** Thrown inside the transaction to undo it (the event's record with it), carrying what to answer. */
class Undo extends Error {
  readonly outcome: StoreOutcome;
  constructor(outcome: StoreOutcome) {
    super(outcome.kind);
    this.outcome = outcome;
  }
}

/**
 * Writes what a provider said, and records the webhook event that brought it, in one transaction:
 * a process that dies before the write leaves the event unrecorded, so the provider's next delivery
 * acts on it. Taken in turns per user (inBillingTransaction), so two deliveries of one event apply
 * it once, and of two subscriptions paid at once only the first stored counts.
 */
export async function storeProviderState(db: Db, event: BillingEvent | undefined, finding: ProviderFinding | undefined): Promise<StoreOutcome> {
  const state = finding?.state;
  try {
    return await billingRepository.inBillingTransaction(db, state?.user_id, async (trx) => {
      if (event && !(await billingRepository.claimBillingEvent(trx, event.id, event.type))) return { kind: 'replayed' };
      if (!finding || !state) return { kind: 'stored', row: finding?.existing, started: false };
      const rows = await billingRepository.subscriptionsOfUser(trx, state.user_id);
      const own = rows.find((row) => row.gateway === state.gateway && row.gateway_id === state.gateway_id);
      const started = counts(state) && !(own && counts(own));
      if (started && rows.some((row) => row !== own && counts(row))) throw new Undo({ kind: 'second', row: own });
      const { row, written } = await billingRepository.saveReadGatewaySubscription(trx, state, finding.read);
      if (!written) throw new Undo({ kind: 'overtaken', row });
      return { kind: 'stored', row, started };
    });
  } catch (error) {
    if (error instanceof Undo) return error.outcome;
    throw error;
  }
}

/** Records an event that changes nothing here (not one this site acts on, or about nothing of ours). */
export async function recordBillingEvent(db: Db, event: BillingEvent): Promise<{ replayed: boolean }> {
  return { replayed: (await storeProviderState(db, event, undefined)).kind === 'replayed' };
}

/** What reading a subscription from its provider and storing it came to. */
export interface SyncResult {
  /** The event had been acted on already: nothing was written. */
  replayed: boolean;
  row: SubscriptionRow | undefined;
  /** It was a second subscription of a subscriber: cancelled and refunded at the provider. */
  refunded: boolean;
}

/** How often a state is read again when later reads keep being stored meanwhile. */
const READS = 3;

/**
 * Reads a subscription from its provider and stores it (storeProviderState), reading again when a
 * later read was stored meanwhile, and cancelling and refunding it at the provider when it is a
 * second subscription of someone already subscribed. The provider is called outside the
 * transaction; only what it answered is written inside.
 */
export async function syncProviderSubscription(
  db: Db,
  provider: {
    read: () => Promise<ProviderFinding>;
    refundSecond: () => Promise<void>;
    /** After the subscription started counting: close what else could still be paid (open checkouts). */
    started?: () => Promise<void>;
  },
  options: { event?: BillingEvent; first?: ProviderFinding } = {},
): Promise<SyncResult> {
  let refunded = false;
  let finding = options.first;
  for (let reads = 1; ; reads += 1) {
    const outcome = await storeProviderState(db, options.event, finding ?? (await provider.read()));
    finding = undefined;
    if (outcome.kind === 'replayed') return { replayed: true, row: undefined, refunded };
    if (outcome.kind === 'stored') {
      if (outcome.started) await provider.started?.();
      return { replayed: false, row: outcome.row, refunded };
    }
    if (outcome.kind === 'second') {
      await provider.refundSecond();
      refunded = true;
    }
    if (reads >= READS) {
      // Other paths kept storing later reads: the stored state is at least as new as this one.
      const recorded = options.event ? await recordBillingEvent(db, options.event) : { replayed: false };
      return { replayed: recorded.replayed, row: outcome.row, refunded };
    }
  }
}

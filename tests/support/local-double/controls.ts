import type { ReleaseOrder } from './delivery-queue.ts';

/** Where a double started in a test listens. */
export interface ListenOptions {
  /** Port to listen on (0 or absent: a free one). */
  port?: number;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
}

/**
 * Webhook retries of a double started in a test: quick (0.2 s, 1 s, 3 s), so a test that makes its
 * endpoint fail does not wait for minutes.
 */
export const TEST_WEBHOOK_RETRY_DELAYS_MS = [200, 1_000, 3_000];

/** One call to a double's `/_test` controls, authenticated and encoded as its provider's API wants. */
export type ControlCall = <T>(method: 'GET' | 'POST', path: string, params?: Record<string, string | number | undefined>) => Promise<T>;

/** The test controls every double has: its simulated clock, webhook delivery order and a reset. */
export interface ClockAndWebhookControls {
  /** Moves the simulated clock forward, runs what fell due and waits for the webhooks it sent. */
  advanceClock(seconds: number): Promise<{ now: number; processed: number }>;
  /** Unix seconds on the simulated clock. */
  now(): Promise<number>;
  /** Queues webhook deliveries instead of sending them, until `releaseWebhooks`. */
  holdWebhooks(): Promise<void>;
  releaseWebhooks(order?: ReleaseOrder): Promise<void>;
  /** Waits until no delivery is queued, in flight or waiting for a retry. */
  settle(timeoutMs?: number): Promise<boolean>;
  reset(): Promise<void>;
  /**
   * Holds back the answer to the next request of this method and path (no query): the double acts
   * and answers as usual, but the answer waits until `releaseAnswer`. Returns the hold's id.
   */
  holdAnswer(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string): Promise<string>;
  /** Whether a request was held, waiting up to `timeoutMs` (10 s) for one. */
  answerHeld(id: string, timeoutMs?: number): Promise<boolean>;
  /** Sends the held answer (to a caller that may be gone). */
  releaseAnswer(id: string): Promise<void>;
}

export function clockAndWebhookControls(call: ControlCall): ClockAndWebhookControls {
  return {
    advanceClock: (seconds) => call('POST', '/_test/clock/advance', { seconds }),
    now: async () => (await call<{ now: number }>('GET', '/_test/clock')).now,
    async holdWebhooks() {
      await call('POST', '/_test/webhooks/hold');
    },
    async releaseWebhooks(order = 'original') {
      await call('POST', '/_test/webhooks/release', { order });
    },
    settle: async (timeoutMs) => (await call<{ settled: boolean }>('POST', '/_test/webhooks/settle', { timeout_ms: timeoutMs })).settled,
    async reset() {
      await call('POST', '/_test/reset');
    },
    holdAnswer: async (method, path) => (await call<{ id: string }>('POST', '/_test/holds', { method, path })).id,
    answerHeld: async (id, timeoutMs = 10_000) => (await call<{ held: boolean }>('POST', `/_test/holds/${encodeURIComponent(id)}/wait`, { timeout_ms: timeoutMs })).held,
    async releaseAnswer(id) {
      await call('POST', `/_test/holds/${encodeURIComponent(id)}/release`);
    },
  };
}

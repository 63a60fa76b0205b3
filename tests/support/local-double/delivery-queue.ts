/**
 * The webhook delivery queue shared by the local payment doubles: jobs go one at a time in the
 * order they were queued (so tests are repeatable), a failed attempt is retried after the given
 * wall-clock delays, and a test can hold deliveries and release them reversed or shuffled, as
 * real providers may deliver out of order. What a delivery is (payload, signature, record) is
 * the double's business: `attempt` sends one and says whether the receiver accepted it.
 */
export type ReleaseOrder = 'original' | 'reverse' | 'shuffle';

export interface QueuedJob {
  attempt: number;
}

export interface DeliveryQueueOptions<J extends QueuedJob> {
  /** Waits before each retry of a failed delivery (the providers retry for days; tests cannot). */
  retryDelaysMs: number[];
  attempt: (job: J) => Promise<boolean>;
}

export class DeliveryQueue<J extends QueuedJob> {
  private readonly options: DeliveryQueueOptions<J>;
  private queue: J[] = [];
  private held = false;
  private running = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(options: DeliveryQueueOptions<J>) {
    this.options = options;
  }

  push(job: J): void {
    this.queue.push(job);
    this.pump();
  }

  hold(): void {
    this.held = true;
  }

  /** Lets held deliveries go, in their order, reversed or shuffled. */
  release(order: ReleaseOrder = 'original'): void {
    if (order === 'reverse') this.queue.reverse();
    if (order === 'shuffle') {
      for (let i = this.queue.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [this.queue[i], this.queue[j]] = [this.queue[j], this.queue[i]];
      }
    }
    this.held = false;
    this.pump();
  }

  /** Resolves once nothing is queued, in flight or waiting for a retry (or after `timeoutMs`). */
  async settle(timeoutMs = 30_000): Promise<boolean> {
    if (this.isIdle()) return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  close(): void {
    this.closed = true;
    this.clear();
  }

  /** Drops queued deliveries and pending retries (a reset); a delivery in flight still finishes. */
  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.queue = [];
    this.held = false;
    this.wakeIdle();
  }

  private isIdle(): boolean {
    return !this.running && this.timers.size === 0 && (this.queue.length === 0 || this.held);
  }

  private wakeIdle(): void {
    if (!this.isIdle() && !this.closed) return;
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  private pump(): void {
    if (this.running || this.held || this.closed) return;
    const job = this.queue.shift();
    if (!job) {
      this.wakeIdle();
      return;
    }
    this.running = true;
    void this.run(job).finally(() => {
      this.running = false;
      this.pump();
    });
  }

  private async run(job: J): Promise<void> {
    const ok = await this.options.attempt(job).catch(() => false);
    if (ok) return;
    const delay = this.options.retryDelaysMs[job.attempt - 1];
    if (delay === undefined || this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.queue.push({ ...job, attempt: job.attempt + 1 });
      this.pump();
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }
}

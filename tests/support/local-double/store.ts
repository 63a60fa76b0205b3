import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/** What every double keeps, beside its own objects. */
export interface ClockState {
  /** Seconds the simulated clock runs ahead of the real one (`/_test/clock/advance`). */
  clockOffset: number;
}

/** Something the billing machinery has to do at a moment of the simulated clock. */
export interface Due {
  at: number;
  run: () => void;
}

/**
 * A double's state, in memory, with its simulated clock. With a file path it is loaded at start
 * and written (debounced) after changes, so a server run by hand keeps its objects across restarts.
 * The double says what an empty state is and what the state holds.
 */
export class PersistedStore<D extends ClockState> {
  data: D;
  /** The double's name, in log lines and errors. */
  protected readonly name: string;
  protected readonly empty: () => D;
  private readonly path: string | undefined;
  private saveTimer: NodeJS.Timeout | undefined;
  /** While the clock machinery runs a due renewal, "now" is that moment, not the wall clock. */
  private pinned: number | null = null;

  constructor(name: string, empty: () => D, path?: string) {
    this.name = name;
    this.empty = empty;
    this.path = path;
    // A state file from an older run gains the fields added since, empty.
    this.data = path && existsSync(path) ? { ...empty(), ...(JSON.parse(readFileSync(path, 'utf8')) as D) } : empty();
  }

  /** Unix seconds on the simulated clock. */
  now(): number {
    return this.pinned ?? Math.floor(Date.now() / 1000) + this.data.clockOffset;
  }

  /** Runs `work` with the clock stopped at `at`, so objects it creates carry that time. */
  at<T>(at: number, work: () => T): T {
    const previous = this.pinned;
    this.pinned = at;
    try {
      return work();
    } finally {
      this.pinned = previous;
    }
  }

  /**
   * Runs, in time order, everything `nextDue` finds due by `until`, each with the clock stopped at
   * its own moment, so the objects and events it creates carry the time the provider would give them.
   */
  runDue(until: number, nextDue: (until: number) => Due | undefined): number {
    let count = 0;
    for (let due = nextDue(until); due; due = nextDue(until)) {
      const { at, run } = due;
      this.at(at, run);
      if (++count > 100_000) throw new Error(`${this.name}: too many billing events at once; advance the clock in smaller steps`);
    }
    return count;
  }

  /** Moves the simulated clock forward after `catchUp` has run what falls due until then. */
  advance(seconds: number, catchUp: (until: number) => number): { now: number; processed: number } {
    const processed = catchUp(this.now() + seconds);
    this.data.clockOffset += seconds;
    this.changed();
    return { now: this.now(), processed };
  }

  reset(): void {
    this.data = this.empty();
    this.changed();
  }

  /** Schedules a write of the state file (no-op without one). */
  changed(): void {
    if (!this.path || this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.flush(), 200);
    this.saveTimer.unref();
  }

  flush(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.path) return;
    try {
      // Write then rename so a crash mid-write never leaves half a file.
      writeFileSync(`${this.path}.tmp`, JSON.stringify(this.data));
      renameSync(`${this.path}.tmp`, this.path);
    } catch (error) {
      // A late write (a webhook answered after close, the folder gone) must not crash the process.
      console.error(`${this.name}: could not save ${this.path}: ${(error as Error).message}`);
    }
  }
}

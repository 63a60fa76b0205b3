interface Hold {
  method: string;
  path: string;
  /** Set once a request matched: its answer is ready and waits here. */
  held: boolean;
  onHeld: (() => void)[];
  release: () => void;
  released: Promise<void>;
}

/**
 * Answers held back on their way out, for tests of a caller that dies mid-call: a test names a
 * request (method and path, without the query), the double handles the next such request as usual
 * (the provider has acted and answered) and keeps the answer until the test lets it go. Meanwhile
 * the test can kill the caller, which then never hears the answer.
 */
export class AnswerHolds {
  private readonly holds = new Map<string, Hold>();
  private next = 1;

  /** Holds the answer to the next request of this method and path; returns the hold's id. */
  add(method: string, path: string): string {
    const id = `hold_${this.next++}`;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.holds.set(id, { method: method.toUpperCase(), path, held: false, onHeld: [], release, released });
    return id;
  }

  /** Resolves when the answer to this request may go: at once, unless a hold waits for it. */
  async pass(method: string, path: string): Promise<void> {
    for (const hold of this.holds.values()) {
      if (hold.held || hold.method !== method || hold.path !== path) continue;
      hold.held = true;
      for (const notify of hold.onHeld.splice(0)) notify();
      await hold.released;
      return;
    }
  }

  /** Whether a request was held, waiting up to `timeoutMs` for one. */
  async waitHeld(id: string, timeoutMs: number): Promise<boolean> {
    const hold = this.holds.get(id);
    if (!hold) return false;
    if (hold.held) return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      hold.onHeld.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** Lets the held answer go (to a caller that may be gone) and forgets the hold. */
  release(id: string): boolean {
    const hold = this.holds.get(id);
    if (!hold) return false;
    this.holds.delete(id);
    hold.release();
    return true;
  }

  releaseAll(): void {
    for (const id of [...this.holds.keys()]) this.release(id);
  }
}

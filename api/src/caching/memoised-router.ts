import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** How many matches are memoised, and the longest path memoised: the rest are matched each time. */
export const MEMOISED_MATCHES = { entries: 500, pathLength: 256 };

/**
 * Hono's own router (the smart one), memoising what it answered for recent method and path pairs.
 * The app's routes cannot all be written as one regular expression (`/users/me` beside
 * `/users/:id`), so Hono matches every request by walking its trie, which builds new arrays for the
 * dozen middlewares and the route of each page: garbage on every request, and most requests ask
 * again for the same addresses (the pages visitors read, the API calls every page makes). The
 * answer for a method and path never changes, and Hono only reads it.
 */
export class MemoisedRouter<T> implements Router<T> {
  readonly #router: Router<T> = new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] });
  readonly #matches = new Map<string, Result<T>>();

  get name(): string {
    return `MemoisedRouter + ${this.#router.name}`;
  }

  /** Before the first match only: Hono's router refuses routes once it has matched, so nothing memoised goes stale. */
  add(method: string, path: string, handler: T): void {
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MEMOISED_MATCHES.pathLength) return this.#router.match(method, path);
    const key = `${method} ${path}`;
    let result = this.#matches.get(key);
    if (!result) {
      result = this.#router.match(method, path);
      // Emptied when full rather than kept in order of use: cheaper, and as good for addresses asked often.
      if (this.#matches.size >= MEMOISED_MATCHES.entries) this.#matches.clear();
      this.#matches.set(key, result);
    }
    return result;
  }
}

/**
 * Which versions of the database's tables a copy was read at (TableVersions, versionStamp):
 * `exact`, those it must still match to be served; `lagging`, those it may fall behind for the
 * cache's `lagMs` after it was read. No `exact` (a table that keeps no version): not kept.
 */
export interface CacheStamp {
  exact: string | undefined;
  lagging?: string | undefined;
}

interface Entry<T> {
  value: T;
  bytes: number;
  exact: string;
  lagging: string | undefined;
  keptAt: number;
}

/**
 * A process cache: copies of what this process read from some tables, served again while the versions of those
 * tables in the database are the same (one small read per request, made anyway): a write by any
 * process or program is seen at the next request, and nothing lives only here. Kept by key, least
 * recently used dropped first beyond `maxBytes`; a value larger than an eighth of the room would
 * push out many smaller, likelier ones and is not kept, nor is an undefined one (a missing row:
 * addresses anyone can make up must not push out the copies of real ones).
 */
export function createProcessCache<T>(options: { maxBytes: number; sizeOf: (value: T) => number; lagMs?: number }) {
  const entries = new Map<string, Entry<T>>();
  let bytes = 0;
  const forget = (key: string, entry: Entry<T>) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };

  /** The copy kept for `key` while its stamp holds, else `read()`, kept for next time. */
  return async function cached(key: string, stamp: CacheStamp, read: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const found = entries.get(key);
    if (found) {
      forget(key, found);
      if (found.exact === stamp.exact && (found.lagging === stamp.lagging || now - found.keptAt < (options.lagMs ?? 0))) {
        entries.set(key, found);
        bytes += found.bytes;
        return found.value;
      }
    }
    const value = await read();
    if (stamp.exact === undefined || value === undefined) return value;
    const size = options.sizeOf(value) + 2 * key.length + 200;
    if (size > options.maxBytes / 8) return value;
    entries.set(key, { value, bytes: size, exact: stamp.exact, lagging: stamp.lagging, keptAt: now });
    bytes += size;
    for (const [oldKey, old] of entries) {
      if (bytes <= options.maxBytes) break;
      forget(oldKey, old);
    }
    return value;
  };
}

import type { Db } from '@app/db';
import * as tableVersionsRepository from '@app/db/caching/table-versions';

/**
 * Every table's version (db/src/caching/table-versions.repository.ts), read first by every
 * request that is not an API token's (http/auth.ts#identify, as the request's `tableVersions`),
 * else by a process cache asked without them: what this process cached from tables whose versions
 * are unchanged since may be used (README.md here).
 */
export function readTableVersions(db: Db): Promise<tableVersionsRepository.TableVersions> {
  return tableVersionsRepository.tableVersions(db);
}

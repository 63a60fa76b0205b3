import type { Db } from '@app/db/connection';
import type * as tableVersionsRepository from '@app/db/caching/table-versions';
import type * as permissionsRepository from '@app/db/permissions/permissions';
import type { SignedInSession, SignedInUser } from './accounts/signed-in-user.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Storage } from './storage/storage.ts';

export interface AppDeps {
  db: Db;
  storage: Storage;
  config: Config;
  /** The time sessions and cached pages expire by; the system's clock when unset (clock.ts). */
  clock?: Clock;
}

export interface AuthState {
  user: SignedInUser | null;
  /** Set for browser sessions (cookie). */
  session: SignedInSession | null;
  permissions: permissionsRepository.GrantedPermission[];
  /** Set when the request authenticated with an API token instead of a session. */
  tokenId?: number;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    auth: AuthState;
    /** Workspace the request acts in; 0 is the personal default workspace. */
    workspaceId: number;
    /** Headers for responses written outside Hono (server-rendered and cached pages), such as cookies and security headers. */
    pageHeaders: [string, string][];
    /** The request's id in the logs and its X-Request-Id header. */
    requestId: string;
    /** Read first when the request carries a session: copies made from tables whose versions are unchanged may be used. */
    tableVersions?: tableVersionsRepository.TableVersions;
  };
};

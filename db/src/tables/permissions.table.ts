import type { Generated } from 'kysely';

export interface PermissionsTable {
  id: Generated<number>;
  /** Dotted name used in checks, for example `music.view`. */
  name: string;
  display_name: string | null;
  description: string | null;
  group: string;
  /** JSON list of the numeric restrictions this permission accepts: [{ name, description }]. */
  restrictions: Generated<string>;
}

/** A permission granted to a role or a user, with restriction values as JSON [{ name, value }]. */
export interface RolePermissionTable {
  role_id: number;
  permission_id: number;
  restrictions: Generated<string>;
}

export interface UserPermissionTable {
  user_id: number;
  permission_id: number;
  restrictions: Generated<string>;
}

/** A permission a plan grants its subscribers while their subscription counts. */
export interface ProductPermissionTable {
  product_id: number;
  permission_id: number;
  restrictions: Generated<string>;
}

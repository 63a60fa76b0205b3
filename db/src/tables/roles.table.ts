import type { Generated } from 'kysely';

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** 1 for the guest role: its permissions apply to visitors who are not logged in. */
  guests: Generated<number>;
  /** 1 for the role new users receive on registration. */
  default: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
  created_at: Generated<string>;
}

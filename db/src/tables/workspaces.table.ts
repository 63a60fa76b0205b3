import type { Generated, Selectable } from 'kysely';

export type WorkspaceRole = 'owner' | 'admin' | 'member';

export interface WorkspacesTable {
  id: Generated<number>;
  name: string;
  owner_id: number;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface WorkspaceUserTable {
  workspace_id: number;
  user_id: number;
  role: WorkspaceRole;
  created_at: Generated<string>;
}

export interface WorkspaceInvitesTable {
  id: Generated<number>;
  /** SHA-256 of the secret sent in the invitation link. */
  token_hash: string;
  workspace_id: number;
  /** Lower-cased, as users.email. */
  email: string;
  role: Exclude<WorkspaceRole, 'owner'>;
  invited_by: number | null;
  created_at: Generated<string>;
  expires_at: string;
}

export type WorkspaceRow = Selectable<WorkspacesTable>;
export type WorkspaceInviteRow = Selectable<WorkspaceInvitesTable>;

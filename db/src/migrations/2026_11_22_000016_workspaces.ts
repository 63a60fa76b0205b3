import type { Kysely } from 'kysely';
import { nowIso } from '../dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const now = nowIso(db);
  // Teams a user shares with others. The personal "Default" workspace (id 0) is not a row: every
  // user has it, alone, so storing it would only add a row per account.
  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    // A workspace ends with its owner's account.
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('workspaces_owner_id').on('workspaces').column('owner_id').execute();

  await db.schema
    .createTable('workspace_user')
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** owner, admin or member */
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('workspace_user_pk', ['workspace_id', 'user_id'])
    .execute();
  await db.schema.createIndex('workspace_user_user_id').on('workspace_user').column('user_id').execute();

  // The link in the invitation mail carries a random secret; only its SHA-256 is kept, so reading
  // this table does not let anyone join. One pending invite per address and workspace.
  await db.schema
    .createTable('workspace_invites')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    /** admin or member: the role the invitee gets on joining. */
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('workspace_invites_workspace_email', ['workspace_id', 'email'])
    .execute();
  await db.schema.createIndex('workspace_invites_email').on('workspace_invites').column('email').execute();
}

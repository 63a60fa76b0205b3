import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // TOTP secret, set while setting up and once enabled; confirmed_at marks it enabled.
  await db.schema.alterTable('users').addColumn('two_factor_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('two_factor_confirmed_at', 'text').execute();
  // JSON list of SHA-256 hashes of the unused recovery codes.
  await db.schema.alterTable('users').addColumn('two_factor_recovery_codes', 'text').execute();
  // The last TOTP time step accepted, so a code cannot be used twice.
  await db.schema.alterTable('users').addColumn('two_factor_last_step', 'integer').execute();
  // Extra state of a single-use token, such as "remember me" for a pending two-factor login.
  await db.schema.alterTable('user_tokens').addColumn('data', 'text').execute();
}

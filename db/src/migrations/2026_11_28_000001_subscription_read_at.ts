import type { Kysely } from 'kysely';

/**
 * When the provider state last written to a subscription was read from the provider (ISO time). A
 * write from an older read (a webhook that read before a cancellation and wrote after it) must not
 * replace a newer one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('gateway_read_at', 'text').execute();
}

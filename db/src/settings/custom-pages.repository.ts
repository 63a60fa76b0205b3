import type { Db } from '../connection.ts';
import type { CustomPageRow } from '../tables/custom-pages.table.ts';

export type { CustomPageRow } from '../tables/custom-pages.table.ts';

/** The custom pages every page's footer links to, by title; bounded so a site with many pages keeps a footer. */
export async function footerPages(db: Db, limit = 12): Promise<Pick<CustomPageRow, 'slug' | 'title'>[]> {
  return db.selectFrom('custom_pages').select(['slug', 'title']).orderBy('title').orderBy('id').limit(limit).execute();
}

/** A custom page by slug, or by id when the address is a number and no page has it as slug. */
export async function findCustomPage(db: Db, idOrSlug: string): Promise<CustomPageRow | undefined> {
  const bySlug = await db.selectFrom('custom_pages').selectAll().where('slug', '=', idOrSlug).executeTakeFirst();
  if (bySlug || !/^\d{1,15}$/.test(idOrSlug)) return bySlug;
  return db.selectFrom('custom_pages').selectAll().where('id', '=', Number(idOrSlug)).executeTakeFirst();
}

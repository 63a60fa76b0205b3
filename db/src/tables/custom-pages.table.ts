import type { Generated, Selectable } from 'kysely';

/** Pages an admin writes in the back office, served at /pages/{slug}. */
export interface CustomPagesTable {
  id: Generated<number>;
  title: string;
  slug: string;
  /** Sanitised HTML. */
  body: Generated<string>;
  type: Generated<string>;
  user_id: number | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type CustomPageRow = Selectable<CustomPagesTable>;

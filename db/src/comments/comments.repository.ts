import type { Db } from '../connection.ts';
import type { CommentRow } from '../tables/listener.table.ts';

export type { CommentRow } from '../tables/listener.table.ts';

export async function findComment(db: Db, id: number): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createComment(db: Db, values: { track_id: number; user_id: number; parent_id: number | null; content: string; position: number | null }): Promise<CommentRow> {
  return db.insertInto('comments').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Deleting a comment deletes its replies too (the foreign key cascades). */
export async function deleteComment(db: Db, id: number): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}

/** Top-level comments of a track, newest first, with every reply to them (oldest first). */
export async function commentsOfTrack(db: Db, trackId: number, offset: number, limit: number): Promise<{ comments: CommentRow[]; replies: CommentRow[]; total: number }> {
  const [comments, count] = await Promise.all([
    db
      .selectFrom('comments')
      .selectAll()
      .where('track_id', '=', trackId)
      .where('parent_id', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('count')).where('track_id', '=', trackId).executeTakeFirstOrThrow(),
  ]);
  const replies = comments.length
    ? await db
        .selectFrom('comments')
        .selectAll()
        .where(
          'parent_id',
          'in',
          comments.map((c) => c.id),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    : [];
  return { comments, replies, total: Number(count.count) };
}

import type { CommentRow, Db } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as catalogRepository from '@app/db/catalog/catalog';
import * as commentsRepository from '@app/db/comments/comments';
import type { AppDeps, AuthState } from '../context.ts';
import { forbidden, notFound, validationFailed } from '../common/errors.ts';
import { hasPermission } from '../permissions/permissions.ts';
import { displayName } from '../accounts/display-name.ts';
import { msg } from '../i18n/msg.ts';
import { notify } from '../notifications/notifications.service.ts';
import { userSummary } from '../library/playlists.service.ts';

export const COMMENT_MAX_LENGTH = 1000;

const canDelete = (auth: AuthState, comment: CommentRow) => auth.user?.id === comment.user_id || hasPermission(auth.permissions, 'comments.update');

async function present(db: Db, auth: AuthState, comments: CommentRow[]) {
  const users = await usersRepository.publicUsersByIds(
    db,
    comments.map((c) => c.user_id),
  );
  return comments.map((comment) => ({
    id: comment.id,
    content: comment.content,
    position: comment.position,
    created_at: comment.created_at,
    parent_id: comment.parent_id,
    user: userSummary(users.get(comment.user_id) ?? { id: comment.user_id, name: null, first_name: null, last_name: null, image: null }),
    can_delete: canDelete(auth, comment),
  }));
}

export async function commentsPage(db: Db, auth: AuthState, trackId: number, page: number, perPage: number) {
  if (!(await catalogRepository.findTrack(db, trackId))) throw notFound('This track does not exist.');
  const { comments, replies, total } = await commentsRepository.commentsOfTrack(db, trackId, (page - 1) * perPage, perPage + 1);
  const shown = comments.slice(0, perPage);
  const [presented, presentedReplies] = await Promise.all([present(db, auth, shown), present(db, auth, replies)]);
  return {
    data: presented.map((comment) => ({ ...comment, replies: presentedReplies.filter((reply) => reply.parent_id === comment.id) })),
    current_page: page,
    per_page: perPage,
    has_more: comments.length > perPage,
    total,
  };
}

/** Replies attach to the thread's first comment, so threads stay one level deep. */
export async function addComment(deps: AppDeps, auth: AuthState, trackId: number, input: { content: string; position?: number | null; parent_id?: number | null }) {
  const { db } = deps;
  const track = await catalogRepository.findTrack(db, trackId);
  if (!track) throw notFound('This track does not exist.');
  let parentId: number | null = null;
  let repliedTo: CommentRow | undefined;
  if (input.parent_id) {
    const parent = await commentsRepository.findComment(db, input.parent_id);
    repliedTo = parent;
    if (!parent || parent.track_id !== trackId) throw validationFailed({ parent_id: 'The comment you reply to does not exist.' });
    parentId = parent.parent_id ?? parent.id;
  }
  const lengthSeconds = track.duration ? Math.ceil(track.duration / 1000) : undefined;
  if (input.position != null && lengthSeconds !== undefined && input.position > lengthSeconds) {
    throw validationFailed({ position: 'The position is past the end of the track.' });
  }
  const comment = await commentsRepository.createComment(db, { track_id: trackId, user_id: auth.user!.id, parent_id: parentId, content: input.content, position: input.position ?? null });
  // The author of the comment replied to hears of it, unless they answered themselves.
  if (repliedTo && repliedTo.user_id !== auth.user!.id) {
    await notify(deps, repliedTo.user_id, 'comment_reply', {
      image: auth.user!.image,
      lines: [
        { content: msg(':name replied to your comment on :track'), params: { name: displayName(auth.user!), track: track.name } },
        { content: ':comment', params: { comment: input.content.length > 200 ? `${input.content.slice(0, 200)}…` : input.content }, type: 'secondary' },
      ],
      mainAction: { label: 'View comment', action: `/track/${trackId}` },
    });
  }
  return { ...(await present(db, auth, [comment]))[0], replies: [] };
}

export async function removeComment(db: Db, auth: AuthState, id: number): Promise<void> {
  const comment = await commentsRepository.findComment(db, id);
  if (!comment) throw notFound('This comment does not exist.');
  if (!canDelete(auth, comment)) throw forbidden('Only the author or a moderator can delete this comment.');
  await commentsRepository.deleteComment(db, id);
}

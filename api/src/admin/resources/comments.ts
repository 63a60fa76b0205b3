import { z } from 'zod';
import { COMMENT_MAX_LENGTH } from '../../comments/comments.service.ts';
import type { AdminResource } from '../resource.ts';

/**
 * Moderation of what listeners wrote. Comments are written on the site by their authors, so the
 * back office may correct or delete them but not create them in someone's name.
 */
export const comments: AdminResource = {
  name: 'comments',
  label: 'Comments',
  permissions: { read: ['comments.update'], write: ['comments.update'] },
  table: {
    table: 'comments',
    columns: ['id', 'track_id', 'user_id', 'parent_id', 'content', 'position', 'created_at', 'updated_at'],
    writable: ['content'],
    searchable: ['content'],
    sortable: ['id', 'track_id', 'user_id', 'created_at', 'updated_at', 'replies_count'],
    filters: { track_id: 'number', user_id: 'number', parent_id: 'number', content: 'text', created_at: 'date' },
    counts: { replies_count: { table: 'comments', foreignKey: 'parent_id' } },
    timestamps: true,
  },
  input: z.strictObject({
    content: z.string().trim().min(1, 'Write a comment.').max(COMMENT_MAX_LENGTH, `Comments are at most ${COMMENT_MAX_LENGTH} characters.`),
  }),
  operations: ['update', 'delete'],
};

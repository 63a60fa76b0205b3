import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requireLogin, requirePermission } from '../http/auth.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, idParam, jsonResponse as json } from '../http/schemas.ts';
import { CommentThreadSchema, pageOf, pageQuery } from '../library/listener.schemas.ts';
import { addComment, COMMENT_MAX_LENGTH, commentsPage, removeComment } from './comments.service.ts';

const CommentBody = z.strictObject({
  content: z
    .string({ error: 'Write a comment.' })
    .trim()
    .min(1, 'Write a comment.')
    .max(COMMENT_MAX_LENGTH, `Comments are at most ${COMMENT_MAX_LENGTH} characters.`),
  position: z.number().int().min(0, 'The position is in seconds from the start.').nullable().optional(),
  parent_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
});

export const commentsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/tracks/{id}/comments',
      tags: ['Comments'],
      summary: 'Comments of a track, newest first, each with its replies',
      middleware: [requirePermission('music.view')] as const,
      request: { params: idParam, query: pageQuery },
      responses: { 200: json(z.object({ pagination: pageOf(CommentThreadSchema) }), 'A page of comments'), ...errorResponses },
    }),
    async (c) => {
      const { page, perPage } = c.req.valid('query');
      return c.json({ pagination: await commentsPage(c.get('deps').db, c.get('auth'), c.req.valid('param').id, page, perPage) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/tracks/{id}/comments',
      tags: ['Comments'],
      summary: 'Comment on a track, or reply to a comment',
      middleware: [requireLogin(), requirePermission('music.view')] as const,
      request: { params: idParam, body: { content: { 'application/json': { schema: CommentBody } }, required: true } },
      responses: { 201: json(z.object({ comment: CommentThreadSchema }), 'Posted'), ...errorResponses },
    }),
    async (c) => c.json({ comment: await addComment(c.get('deps'), c.get('auth'), c.req.valid('param').id, c.req.valid('json')) }, 201),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/comments/{id}',
      tags: ['Comments'],
      summary: 'Delete a comment and its replies (author or moderator)',
      middleware: [requireLogin()] as const,
      request: { params: idParam },
      responses: { 200: json(z.object({ message: z.string() }), 'Deleted'), ...errorResponses },
    }),
    async (c) => {
      await removeComment(c.get('deps').db, c.get('auth'), c.req.valid('param').id);
      return c.json({ message: 'Comment deleted.' }, 200);
    },
  );

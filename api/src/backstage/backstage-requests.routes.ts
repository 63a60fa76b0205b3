import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requireLogin, requirePermission } from '../http/auth.ts';
import { validationHook } from '../http/errors.ts';
import { imageUrl } from '../admin/resources/fields.ts';
import { errorResponses, idParam, jsonResponse as json } from '../http/schemas.ts';
import { BACKSTAGE_ROLES, ownBackstageRequest, ownBackstageRequests, submitBackstageRequest, type BackstageRequestRow } from './backstage-requests.service.ts';

const BackstageRequestSchema = z
  .object({
    id: z.number(),
    user_id: z.number(),
    artist_id: z.number().nullable(),
    artist_name: z.string(),
    role: z.enum(BACKSTAGE_ROLES),
    message: z.string().nullable(),
    image: z.string().nullable(),
    links: z.array(z.object({ url: z.string(), title: z.string() })),
    proof_file_id: z.number().nullable(),
    proof_url: z.string().nullable(),
    status: z.enum(['pending', 'approved', 'denied']),
    reviewed_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('BackstageRequest');

/** Profiles and links are web pages: nothing but http(s), so no link can run script when an admin opens it. */
const webAddress = (error: { message: string }) =>
  z
    .string()
    .trim()
    .max(1000, 'Addresses are at most 1,000 characters.')
    .refine((value) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), error);

const BackstageRequestBody = z.strictObject({
  artist_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  artist_name: z.string().trim().max(255, 'Artist names are at most 255 characters.').nullable().optional(),
  role: z.enum(BACKSTAGE_ROLES, 'Choose artist, manager, label or other.').default('artist'),
  message: z.string().max(2000, 'The message is at most 2,000 characters.').nullable().optional(),
  image: imageUrl,
  links: z
    .array(z.strictObject({ url: webAddress({ message: 'Enter a link starting with https://.' }), title: z.string().trim().max(100, 'Link titles are at most 100 characters.').default('') }))
    .max(10, 'Add at most 10 links.')
    .default([]),
  proof_file_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  proof_url: webAddress({ message: 'Enter the address of your social profile, starting with https://.' }).nullable().optional().or(z.literal('').transform(() => null)),
});

const present = (row: BackstageRequestRow): z.infer<typeof BackstageRequestSchema> => ({
  id: row.id,
  user_id: row.user_id,
  artist_id: row.artist_id,
  artist_name: row.artist_name,
  role: row.role,
  message: row.message,
  image: row.image,
  links: parseLinks(row.links),
  proof_file_id: row.proof_file_id,
  proof_url: row.proof_url,
  status: row.status,
  reviewed_at: row.reviewed_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

function parseLinks(json: string): { url: string; title: string }[] {
  try {
    const links: unknown = JSON.parse(json);
    return Array.isArray(links) ? links.filter((link) => typeof link?.url === 'string').map((link) => ({ url: link.url, title: String(link.title ?? '') })) : [];
  } catch {
    return [];
  }
}

/** A user's own backstage requests: asking to become or claim an artist, and following the answer. */
export const backstageRequestsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'post',
      path: '/backstage-requests',
      tags: ['Backstage'],
      summary: 'Ask to become an artist, or to claim an existing artist; an admin approves or denies it',
      middleware: [requireLogin(), requirePermission('backstageRequests.create')] as const,
      request: { body: { content: { 'application/json': { schema: BackstageRequestBody } }, required: true } },
      responses: { 201: json(z.object({ request: BackstageRequestSchema }), 'The request, pending'), ...errorResponses },
    }),
    async (c) => {
      const row = await submitBackstageRequest(c.get('deps').db, c.get('auth').user!.id, c.req.valid('json'));
      return c.json({ request: present(row) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/backstage-requests',
      tags: ['Backstage'],
      summary: 'Your own backstage requests, newest first',
      middleware: [requireLogin()] as const,
      responses: { 200: json(z.object({ requests: z.array(BackstageRequestSchema) }), 'Your requests'), ...errorResponses },
    }),
    async (c) => {
      const rows = await ownBackstageRequests(c.get('deps').db, c.get('auth').user!.id);
      return c.json({ requests: rows.map(present) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/backstage-requests/{id}',
      tags: ['Backstage'],
      summary: 'One of your own backstage requests, with its status',
      middleware: [requireLogin()] as const,
      request: { params: idParam },
      responses: { 200: json(z.object({ request: BackstageRequestSchema }), 'Your request'), ...errorResponses },
    }),
    async (c) => c.json({ request: present(await ownBackstageRequest(c.get('deps').db, c.get('auth').user!.id, c.req.valid('param').id)) }, 200),
  );

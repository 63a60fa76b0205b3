import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requireLogin } from '../http/auth.ts';
import { validationHook } from '../http/errors.ts';
import { switchWorkspace } from '../http/workspace.ts';
import { errorResponses, idParam, jsonResponse as json } from '../http/schemas.ts';
import {
  cancelInvite,
  changeMemberRole,
  createTeamWorkspace,
  declineInvite,
  deleteTeamWorkspace,
  inviteMembers,
  joinWithInvite,
  listWorkspaces,
  MAX_INVITES_PER_REQUEST,
  previewInvite,
  removeMember,
  renameTeamWorkspace,
  workspaceDetails,
} from './workspaces.service.ts';

const role = z.enum(['owner', 'admin', 'member']);
const invitableRole = z.enum(['admin', 'member'], { error: 'Choose admin or member.' });

export const WorkspaceSchema = z
  .object({
    id: z.number().openapi({ description: '0 is the personal "Default" workspace.' }),
    name: z.string(),
    members_count: z.number(),
    owner_id: z.number(),
    role: role.openapi({ description: "The asking user's role in the workspace." }),
  })
  .openapi('Workspace');

const MemberSchema = z.object({
  id: z.number(),
  display_name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role,
  joined_at: z.string(),
  can_remove: z.boolean().openapi({ description: 'Whether the asking user may remove this member (or leave, for themselves).' }),
});

const InviteSchema = z
  .object({ id: z.number(), email: z.string(), role: invitableRole, created_at: z.string(), expires_at: z.string(), expired: z.boolean() })
  .openapi('WorkspaceInvite');

const name = z
  .string({ error: 'Give the workspace a name.' })
  .trim()
  .min(1, 'Give the workspace a name.')
  .max(100, 'Workspace names are at most 100 characters.');

const NameBody = z.strictObject({ name });
const InviteBody = z.strictObject({
  emails: z
    .array(z.string().trim().max(255).email('Enter valid email addresses.'), { error: 'Enter at least one email address.' })
    .min(1, 'Enter at least one email address.')
    .max(MAX_INVITES_PER_REQUEST, `Invite at most ${MAX_INVITES_PER_REQUEST} people at a time.`),
  role: invitableRole.default('member'),
});
const RoleBody = z.strictObject({ role: invitableRole });

const positiveId = (param: string) =>
  z.coerce
    .number({ error: 'The id must be a number.' })
    .int('The id must be a whole number.')
    .positive('The id must be positive.')
    .max(Number.MAX_SAFE_INTEGER)
    .openapi({ param: { name: param, in: 'path' } });

/** The secret from the invitation link; anything that is not a live invite is answered with 404. */
const inviteParam = z.object({ inviteId: z.string().max(1000).openapi({ param: { name: 'inviteId', in: 'path' }, description: 'The invitation secret from the mailed link.' }) });

const Message = z.object({ message: z.string() });

export const workspacesRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/me/workspaces',
      tags: ['Workspaces'],
      summary: 'My workspaces: the personal "Default" (id 0) first, then the teams I belong to',
      middleware: [requireLogin()] as const,
      responses: { 200: json(z.object({ workspaces: z.array(WorkspaceSchema), active_workspace_id: z.number() }), 'Workspaces'), ...errorResponses },
    }),
    async (c) => c.json({ workspaces: await listWorkspaces(c.get('deps').db, c.get('auth').user!.id), active_workspace_id: c.get('workspaceId') }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/workspace',
      tags: ['Workspaces'],
      summary: 'Create a workspace; the creator is its owner',
      middleware: [requireLogin()] as const,
      request: { body: { content: { 'application/json': { schema: NameBody } }, required: true } },
      responses: { 201: json(z.object({ workspace: WorkspaceSchema }), 'Created'), ...errorResponses },
    }),
    async (c) => c.json({ workspace: await createTeamWorkspace(c.get('deps').db, c.get('auth').user!, c.req.valid('json').name) }, 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/workspace/{id}',
      tags: ['Workspaces'],
      summary: 'A workspace with its members; owners and admins also get the pending invitations',
      middleware: [requireLogin()] as const,
      request: { params: idParam },
      responses: { 200: json(z.object({ workspace: WorkspaceSchema, members: z.array(MemberSchema), invites: z.array(InviteSchema) }), 'The workspace'), ...errorResponses },
    }),
    async (c) => c.json(await workspaceDetails(c.get('deps').db, c.get('auth').user!, c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/workspace/{id}',
      tags: ['Workspaces'],
      summary: 'Rename a workspace (owner or admin)',
      middleware: [requireLogin()] as const,
      request: { params: idParam, body: { content: { 'application/json': { schema: NameBody } }, required: true } },
      responses: { 200: json(z.object({ workspace: WorkspaceSchema }), 'Renamed'), ...errorResponses },
    }),
    async (c) => c.json({ workspace: await renameTeamWorkspace(c.get('deps').db, c.get('auth').user!, c.req.valid('param').id, c.req.valid('json').name) }, 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/workspace/{id}',
      tags: ['Workspaces'],
      summary: 'Delete a workspace with its memberships and invitations (owner)',
      middleware: [requireLogin()] as const,
      request: { params: idParam },
      responses: { 200: json(Message, 'Deleted'), ...errorResponses },
    }),
    async (c) => {
      await deleteTeamWorkspace(c.get('deps').db, c.get('auth').user!, c.req.valid('param').id);
      return c.json({ message: 'Workspace deleted.' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/workspace/{id}/invite',
      tags: ['Workspaces'],
      summary: 'Invite people by email (owner or admin); inviting an address again renews its invitation',
      middleware: [requireLogin()] as const,
      request: { params: idParam, body: { content: { 'application/json': { schema: InviteBody } }, required: true } },
      responses: { 200: json(z.object({ invites: z.array(InviteSchema), message: z.string() }), 'Invitations sent'), 429: json(Message, 'Too many invitations'), ...errorResponses },
    }),
    async (c) => {
      const { emails, role: inviteRole } = c.req.valid('json');
      const invites = await inviteMembers(c.get('deps'), c.get('auth').user!, c.req.valid('param').id, emails, inviteRole);
      return c.json({ invites, message: invites.length === 1 ? 'Invitation sent.' : 'Invitations sent.' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/workspace/{id}/invite/{inviteId}',
      tags: ['Workspaces'],
      summary: 'Cancel a pending invitation (owner or admin)',
      middleware: [requireLogin()] as const,
      request: { params: idParam.extend({ inviteId: positiveId('inviteId') }) },
      responses: { 200: json(Message, 'Cancelled'), ...errorResponses },
    }),
    async (c) => {
      const { id, inviteId } = c.req.valid('param');
      await cancelInvite(c.get('deps').db, c.get('auth').user!, id, inviteId);
      return c.json({ message: 'Invitation cancelled.' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/workspace/{id}/member/{userId}/change-role',
      tags: ['Workspaces'],
      summary: "Change a member's role (the owner for anyone, an admin for members)",
      middleware: [requireLogin()] as const,
      request: { params: idParam.extend({ userId: positiveId('userId') }), body: { content: { 'application/json': { schema: RoleBody } }, required: true } },
      responses: { 200: json(Message, 'Changed'), ...errorResponses },
    }),
    async (c) => {
      const { id, userId } = c.req.valid('param');
      await changeMemberRole(c.get('deps').db, c.get('auth').user!, id, userId, c.req.valid('json').role);
      return c.json({ message: 'Role changed.' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/workspace/{id}/member/{userId}',
      tags: ['Workspaces'],
      summary: 'Remove a member, or leave when the id is your own',
      middleware: [requireLogin()] as const,
      request: { params: idParam.extend({ userId: positiveId('userId') }) },
      responses: { 200: json(Message, 'Removed'), ...errorResponses },
    }),
    async (c) => {
      const { id, userId } = c.req.valid('param');
      const outcome = await removeMember(c.get('deps').db, c.get('auth').user!, id, userId);
      return c.json({ message: outcome === 'left' ? 'You left the workspace.' : 'Member removed.' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/workspace/invite/{inviteId}',
      tags: ['Workspaces'],
      summary: 'What an invitation is for, to whoever holds its link (the invitation pages)',
      request: { params: inviteParam },
      responses: {
        200: json(
          z.object({
            invite: z.object({ workspace: z.object({ id: z.number(), name: z.string() }), email: z.string(), role: invitableRole, invited_by: z.string().nullable(), expires_at: z.string() }),
          }),
          'The invitation',
        ),
        ...errorResponses,
      },
    }),
    async (c) => c.json({ invite: await previewInvite(c.get('deps').db, c.req.valid('param').inviteId) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/workspace/join/{inviteId}',
      tags: ['Workspaces'],
      summary: 'Join the workspace of an invitation sent to my address, and make it the active one',
      description:
        'A GET that changes state, as the client calls it (spec §7): harmless when forged, since only the invitee has the secret and it only works for their account.',
      middleware: [requireLogin()] as const,
      request: { params: inviteParam },
      responses: { 200: json(z.object({ workspace: WorkspaceSchema, message: z.string() }), 'Joined'), ...errorResponses },
    }),
    async (c) => {
      const workspace = await joinWithInvite(c.get('deps').db, c.get('auth').user!, c.req.valid('param').inviteId);
      switchWorkspace(c, workspace.id);
      return c.json({ workspace, message: 'Joined workspace' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/workspace/invite/{inviteId}',
      tags: ['Workspaces'],
      summary: 'Decline an invitation sent to my address',
      middleware: [requireLogin()] as const,
      request: { params: inviteParam },
      responses: { 200: json(Message, 'Declined'), ...errorResponses },
    }),
    async (c) => {
      await declineInvite(c.get('deps').db, c.get('auth').user!, c.req.valid('param').inviteId);
      return c.json({ message: 'Declined workspace invitation' }, 200);
    },
  );

import { acceptWorkspaceInvite, findUserById, updateUser, workspaceRoleOf, type UserRow, type WorkspaceInviteRow } from '@app/db';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { ACTIVE_WORKSPACE_COOKIE, ACTIVE_WORKSPACE_DAYS } from '../services/workspaces.service.ts';
import { deleteResponseCookie, getCookie, isSecureRequest, setResponseCookie } from './cookies.ts';

/**
 * Settles the workspace the request acts in, once the user is known. The client sends it as the
 * `workspaceId` query parameter; pages rendered on the server only have the `activeWorkspaceId`
 * cookie. A workspace the user is not a member of (removed, deleted, or someone else's) falls back
 * to the personal one, so later code can trust `c.get('workspaceId')`.
 */
export function activeWorkspace(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const fromQuery = c.req.query('workspaceId') !== undefined;
    const cookie = getCookie(c, ACTIVE_WORKSPACE_COOKIE);
    let id = fromQuery ? c.get('workspaceId') : cookie && /^\d{1,12}$/.test(cookie) ? Number(cookie) : 0;
    const user = c.get('auth').user;
    if (id !== 0 && !(user && (await workspaceRoleOf(c.get('deps').db, id, user.id)))) {
      id = 0;
      // A stale cookie would otherwise be checked again on every request.
      if (!fromQuery && cookie !== undefined) deleteResponseCookie(c, ACTIVE_WORKSPACE_COOKIE);
    }
    c.set('workspaceId', id);
    await next();
  };
}

/** Makes a workspace the active one for this response and the browser's next requests. */
export function switchWorkspace(c: Context<AppEnv>, id: number): void {
  // Not HttpOnly: the client reads it to send `workspaceId` with its calls (spec §7).
  setResponseCookie(c, ACTIVE_WORKSPACE_COOKIE, String(id), { sameSite: 'Lax', secure: isSecureRequest(c), maxAge: ACTIVE_WORKSPACE_DAYS * 86_400 });
  c.set('workspaceId', id);
}

/**
 * A new account made from an invitation: the mailed link proved the address, so it is verified,
 * and the account joins the workspace, which becomes the active one.
 */
export async function joinAfterRegistration(c: Context<AppEnv>, user: UserRow, invite: WorkspaceInviteRow): Promise<UserRow> {
  const { db } = c.get('deps');
  await updateUser(db, user.id, { email_verified_at: new Date().toISOString() });
  if (await acceptWorkspaceInvite(db, invite, user.id)) switchWorkspace(c, invite.workspace_id);
  return (await findUserById(db, user.id))!;
}

import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { ACTIVE_WORKSPACE_COOKIE, ACTIVE_WORKSPACE_DAYS, isWorkspaceMember, joinAfterRegistration as joinInvitedWorkspace, type WorkspaceInviteRow } from '../workspaces/workspaces.service.ts';
import { ApiError } from './errors.ts';
import { deleteResponseCookie, getCookie, isSecureRequest, setResponseCookie } from './cookies.ts';
import type { UserAccount } from '../accounts/signed-in-user.ts';

/** The workspace the client asks for with the `workspaceId` query parameter, if it sends one, checked before anything else is read. */
export function readWorkspaceParam(c: Context<AppEnv>): number | undefined {
  const raw = c.req.query('workspaceId');
  if (raw === undefined) return undefined;
  if (!/^\d{1,12}$/.test(raw)) throw new ApiError(422, 'workspaceId must be a whole number.', { workspaceId: 'workspaceId must be a whole number.' });
  return Number(raw);
}

/**
 * Settles the workspace the request acts in, once the user is known. The client sends it as the
 * `workspaceId` query parameter (`requested`, from readWorkspaceParam); pages rendered on the
 * server only have the `activeWorkspaceId` cookie. A workspace the user is not a member of
 * (removed, deleted, or someone else's) falls back to the personal one, so later code can trust
 * `c.get('workspaceId')`.
 */
export async function settleWorkspace(c: Context<AppEnv>, requested: number | undefined): Promise<void> {
  const cookie = getCookie(c, ACTIVE_WORKSPACE_COOKIE);
  let id = requested ?? (cookie && /^\d{1,12}$/.test(cookie) ? Number(cookie) : 0);
  const user = c.get('auth').user;
  if (id !== 0 && !(user && (await isWorkspaceMember(c.get('deps').db, id, user.id)))) {
    id = 0;
    // A stale cookie would otherwise be checked again on every request.
    if (requested === undefined && cookie !== undefined) deleteResponseCookie(c, ACTIVE_WORKSPACE_COOKIE);
  }
  c.set('workspaceId', id);
}

/** Makes a workspace the active one for this response and the browser's next requests. */
export function switchWorkspace(c: Context<AppEnv>, id: number): void {
  // Not HttpOnly: the client reads it to send `workspaceId` with its calls (spec §7).
  setResponseCookie(c, ACTIVE_WORKSPACE_COOKIE, String(id), { sameSite: 'Lax', secure: isSecureRequest(c), maxAge: ACTIVE_WORKSPACE_DAYS * 86_400 });
  c.set('workspaceId', id);
}

/** A new account made from an invitation joins its workspace, which becomes the active one. */
export async function joinAfterRegistration(c: Context<AppEnv>, user: UserAccount, invite: WorkspaceInviteRow): Promise<UserAccount> {
  const { user: joinedUser, joined } = await joinInvitedWorkspace(c.get('deps').db, user, invite);
  if (joined) switchWorkspace(c, invite.workspace_id);
  return joinedUser;
}

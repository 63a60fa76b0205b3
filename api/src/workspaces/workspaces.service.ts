import { randomBytes } from 'node:crypto';
import type { Db, WorkspaceInviteRow, WorkspaceRole, WorkspaceRow } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as workspacesRepository from '@app/db/workspaces/workspaces';
import type { AppDeps } from '../context.ts';
import { forbidden, notFound, TooManyAttemptsError, ValidationError, validationFailed } from '../common/errors.ts';
import { sendMail } from '../mail/mail.service.ts';
import { msg } from '../i18n/msg.ts';
import { notify, removeInviteNotifications } from '../notifications/notifications.service.ts';
import { workspaceInviteMail } from '../mail/templates.ts';
import { displayName } from '../accounts/display-name.ts';
import { sha256Hex } from '../common/hashing.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { assertNotThrottled, hit } from '../common/throttle.service.ts';
import type { UserAccount } from '../accounts/signed-in-user.ts';

export type { WorkspaceInviteRow };

/** Spec §3 and §9: the active workspace lives in this cookie for 7 days. */
export const ACTIVE_WORKSPACE_COOKIE = 'activeWorkspaceId';
export const ACTIVE_WORKSPACE_DAYS = 7;
export const INVITE_DAYS = 7;
export const MAX_OWNED_WORKSPACES = 50;
export const MAX_INVITES_PER_REQUEST = 20;
/** Invitations are mail sent on a user's say-so: a cap keeps an account from being a spam relay. */
const INVITE_LIMIT = (userId: number) => ({ key: `workspace-invites:${userId}`, max: 100, windowMs: 60 * 60_000 });

export const INVITE_INVALID = 'This invite is no longer valid';
export const INVITE_OTHER_EMAIL = 'This invitation was sent to another email address.';

export interface PresentedWorkspace {
  id: number;
  name: string;
  members_count: number;
  owner_id: number;
  /** The asking user's role. */
  role: WorkspaceRole;
}

/** Spec §3: everyone has the personal workspace "Default", id 0, with one member. */
export function defaultWorkspace(userId: number): PresentedWorkspace {
  return { id: 0, name: 'Default', members_count: 1, owner_id: userId, role: 'owner' };
}

export async function listWorkspaces(db: Db, userId: number): Promise<PresentedWorkspace[]> {
  const rows = await workspacesRepository.workspacesOfUser(db, userId);
  return [defaultWorkspace(userId), ...rows.map(({ id, name, members_count, owner_id, role }) => ({ id, name, members_count, owner_id, role }))];
}

const RANK: Record<WorkspaceRole, number> = { member: 1, admin: 2, owner: 3 };

interface Membership {
  workspace: WorkspaceRow;
  role: WorkspaceRole;
}

/**
 * The workspace when the user is a member with at least `minimum` role. Outsiders, site admins
 * included, get 404: a team's name and members are its own business.
 */
export async function membershipOf(db: Db, user: UserAccount, workspaceId: number, minimum: WorkspaceRole = 'member'): Promise<Membership> {
  const [workspace, role] = await Promise.all([workspacesRepository.findWorkspace(db, workspaceId), workspacesRepository.workspaceRoleOf(db, workspaceId, user.id)]);
  if (!workspace || !role) throw notFound('Workspace not found.');
  if (RANK[role] < RANK[minimum]) throw forbidden(minimum === 'owner' ? 'Only the owner of the workspace can do that.' : 'Only the owner or an admin of the workspace can do that.');
  return { workspace, role };
}

async function present(db: Db, workspace: WorkspaceRow, role: WorkspaceRole): Promise<PresentedWorkspace> {
  return { id: workspace.id, name: workspace.name, members_count: await workspacesRepository.countWorkspaceMembers(db, workspace.id), owner_id: workspace.owner_id, role };
}

export async function createTeamWorkspace(db: Db, user: UserAccount, name: string): Promise<PresentedWorkspace> {
  if ((await workspacesRepository.countOwnedWorkspaces(db, user.id)) >= MAX_OWNED_WORKSPACES) {
    throw validationFailed({ name: `You can own at most ${MAX_OWNED_WORKSPACES} workspaces.` });
  }
  return present(db, await workspacesRepository.createWorkspace(db, { name, owner_id: user.id }), 'owner');
}

export async function renameTeamWorkspace(db: Db, user: UserAccount, workspaceId: number, name: string): Promise<PresentedWorkspace> {
  const { workspace, role } = await membershipOf(db, user, workspaceId, 'admin');
  await workspacesRepository.renameWorkspace(db, workspace.id, name);
  return present(db, { ...workspace, name }, role);
}

export async function deleteTeamWorkspace(db: Db, user: UserAccount, workspaceId: number): Promise<void> {
  const { workspace } = await membershipOf(db, user, workspaceId, 'owner');
  await workspacesRepository.deleteWorkspace(db, workspace.id);
}

function isExpired(invite: WorkspaceInviteRow): boolean {
  return Date.parse(invite.expires_at) <= Date.now();
}

/** The workspace, its members, and for its owner and admins the pending invitations. */
export async function workspaceDetails(db: Db, user: UserAccount, workspaceId: number) {
  const { workspace, role } = await membershipOf(db, user, workspaceId);
  const [members, invites] = await Promise.all([workspacesRepository.workspaceMembers(db, workspace.id), RANK[role] >= RANK.admin ? workspacesRepository.workspaceInvites(db, workspace.id) : []]);
  return {
    workspace: { id: workspace.id, name: workspace.name, members_count: members.length, owner_id: workspace.owner_id, role },
    members: members.map((member) => ({
      id: member.id,
      display_name: displayName(member),
      email: member.email,
      image: member.image,
      role: member.role,
      joined_at: member.joined_at,
      can_remove: member.id === user.id ? member.role !== 'owner' : canManage(role, member.role),
    })),
    invites: invites.map(presentInvite),
  };
}

function presentInvite(invite: WorkspaceInviteRow) {
  return { id: invite.id, email: invite.email, role: invite.role, created_at: invite.created_at, expires_at: invite.expires_at, expired: isExpired(invite) };
}

/** Owners manage everyone but themselves; admins manage plain members. */
function canManage(actor: WorkspaceRole, target: WorkspaceRole): boolean {
  return actor === 'owner' ? target !== 'owner' : actor === 'admin' && target === 'member';
}

/**
 * Mails an invitation to each address: a link to register for addresses without an account, a
 * link to log in for the others. Inviting an address again renews its invitation; the old link
 * stops working.
 */
export async function inviteMembers(deps: AppDeps, user: UserAccount, workspaceId: number, emails: string[], role: 'admin' | 'member') {
  const { workspace } = await membershipOf(deps.db, user, workspaceId, 'admin');
  const addresses = [...new Set(emails.map(usersRepository.normaliseEmail))];
  const members = await workspacesRepository.memberEmailsAmong(deps.db, workspace.id, addresses);
  if (members.length) throw validationFailed({ emails: `${members[0]} is already a member of this workspace.` });
  const limit = INVITE_LIMIT(user.id);
  await assertNotThrottled(deps, limit, 'Too many invitations. Please try again in :seconds seconds.');

  const settings = await loadSettings(deps.db);
  const siteName = settings['branding.site_name'];
  const invites = [];
  for (const email of addresses) {
    if (!(await hit(deps, limit))) throw new TooManyAttemptsError('Too many invitations. Please try again later.');
    const token = randomBytes(32).toString('base64url');
    const invite = await workspacesRepository.upsertWorkspaceInvite(deps.db, {
      token_hash: sha256Hex(token),
      workspace_id: workspace.id,
      email,
      role,
      invited_by: user.id,
      expires_at: new Date(Date.now() + INVITE_DAYS * 86_400_000).toISOString(),
    });
    const invitee = await usersRepository.findUserByEmail(deps.db, email);
    const url = invitee
      ? `${deps.config.appUrl}/workspace/join/login?invite_id=${token}`
      : `${deps.config.appUrl}/workspace/join/register?invite_id=${token}&email=${encodeURIComponent(email)}`;
    const mail = { ...workspaceInviteMail(siteName, { workspaceName: workspace.name, inviterName: displayName(user), url, days: INVITE_DAYS, hasAccount: Boolean(invitee) }), secrets: [token] };
    // Someone with an account also finds the invitation in their notifications, with Join and
    // Decline; the mail is then that notification's email channel. The secret in it is useless to
    // anyone else: joining checks the address the invitation went to.
    if (invitee) {
      await notify(
        deps,
        invitee.id,
        'workspace_invite',
        { image: user.image, lines: [{ content: msg(':name invited you to join the :workspace workspace'), params: { name: displayName(user), workspace: workspace.name } }], inviteId: token },
        mail,
      );
    } else {
      await sendMail(deps, { to: email, ...mail });
    }
    invites.push(presentInvite(invite));
  }
  return invites;
}

export async function cancelInvite(db: Db, user: UserAccount, workspaceId: number, inviteId: number): Promise<void> {
  const { workspace } = await membershipOf(db, user, workspaceId, 'admin');
  if (!(await workspacesRepository.deleteWorkspaceInvite(db, workspace.id, inviteId))) throw notFound('Invitation not found.');
}

async function managedMember(db: Db, user: UserAccount, workspaceId: number, memberId: number) {
  const membership = await membershipOf(db, user, workspaceId);
  const targetRole = await workspacesRepository.workspaceRoleOf(db, membership.workspace.id, memberId);
  if (!targetRole) throw notFound('This user is not a member of the workspace.');
  return { ...membership, targetRole };
}

export async function changeMemberRole(db: Db, user: UserAccount, workspaceId: number, memberId: number, newRole: 'admin' | 'member'): Promise<void> {
  const { workspace, role, targetRole } = await managedMember(db, user, workspaceId, memberId);
  if (memberId === user.id || !canManage(role, targetRole)) throw forbidden("You can't change this member's role.");
  await workspacesRepository.setWorkspaceMemberRole(db, workspace.id, memberId, newRole);
}

/** Removes a member, or lets a member leave. The owner cannot leave: they delete the workspace. */
export async function removeMember(db: Db, user: UserAccount, workspaceId: number, memberId: number): Promise<'left' | 'removed'> {
  const { workspace, role, targetRole } = await managedMember(db, user, workspaceId, memberId);
  if (memberId === user.id) {
    if (role === 'owner') throw new ValidationError("The owner can't leave the workspace. Delete it instead.");
  } else if (!canManage(role, targetRole)) {
    throw forbidden("You can't remove this member.");
  }
  await workspacesRepository.removeWorkspaceMember(db, workspace.id, memberId);
  return memberId === user.id ? 'left' : 'removed';
}

/** The live invite behind the secret of a link, or 404 with the spec's message. */
export async function liveInvite(db: Db, token: string): Promise<WorkspaceInviteRow> {
  const invite = token.length <= 200 ? await workspacesRepository.findWorkspaceInviteByToken(db, sha256Hex(token)) : undefined;
  if (!invite || isExpired(invite)) throw notFound(INVITE_INVALID);
  return invite;
}

/** What the invitation pages show before anyone joins: only to whoever holds the link's secret. */
export async function previewInvite(db: Db, token: string) {
  const invite = await liveInvite(db, token);
  const [workspace, inviter] = await Promise.all([workspacesRepository.findWorkspace(db, invite.workspace_id), invite.invited_by ? usersRepository.findUserById(db, invite.invited_by) : undefined]);
  if (!workspace) throw notFound(INVITE_INVALID);
  return {
    workspace: { id: workspace.id, name: workspace.name },
    email: invite.email,
    role: invite.role,
    invited_by: inviter ? displayName(inviter) : null,
    expires_at: invite.expires_at,
  };
}

/** An invitation is for the address it was sent to; another account holding the link can't use it. */
function assertAddressedTo(invite: WorkspaceInviteRow, email: string) {
  if (invite.email !== usersRepository.normaliseEmail(email)) throw forbidden(INVITE_OTHER_EMAIL);
}

export async function joinWithInvite(db: Db, user: UserAccount, token: string): Promise<PresentedWorkspace> {
  // Answered, or found no longer valid: either way its notification has done its job.
  await removeInviteNotifications(db, user.id, token);
  const invite = await liveInvite(db, token);
  assertAddressedTo(invite, user.email);
  if (!(await workspacesRepository.acceptWorkspaceInvite(db, invite, user.id))) throw notFound(INVITE_INVALID);
  const workspace = await workspacesRepository.findWorkspace(db, invite.workspace_id);
  if (!workspace) throw notFound(INVITE_INVALID);
  return present(db, workspace, (await workspacesRepository.workspaceRoleOf(db, workspace.id, user.id)) ?? invite.role);
}

export async function declineInvite(db: Db, user: UserAccount, token: string): Promise<void> {
  await removeInviteNotifications(db, user.id, token);
  const invite = await liveInvite(db, token);
  assertAddressedTo(invite, user.email);
  if (!(await workspacesRepository.deleteWorkspaceInvite(db, invite.workspace_id, invite.id))) throw notFound(INVITE_INVALID);
}

/**
 * Registration through an invitation: the invite must be live and for the address being
 * registered. The caller registers even when registration is closed (spec §2).
 */
export async function inviteForRegistration(db: Db, token: string, email: string): Promise<WorkspaceInviteRow> {
  const invite = await liveInvite(db, token);
  if (invite.email !== usersRepository.normaliseEmail(email)) throw validationFailed({ email: INVITE_OTHER_EMAIL });
  return invite;
}

/**
 * A new account made from an invitation: the mailed link proved the address, so it is verified,
 * and the account joins the workspace. Answers the account as stored, and whether it joined.
 */
export async function joinAfterRegistration(db: Db, user: UserAccount, invite: WorkspaceInviteRow): Promise<{ user: UserAccount; joined: boolean }> {
  await usersRepository.updateUser(db, user.id, { email_verified_at: new Date().toISOString() });
  const joined = Boolean(await workspacesRepository.acceptWorkspaceInvite(db, invite, user.id));
  return { user: (await usersRepository.findUserById(db, user.id))!, joined };
}

export async function isWorkspaceMember(db: Db, workspaceId: number, userId: number): Promise<boolean> {
  return Boolean(await workspacesRepository.workspaceRoleOf(db, workspaceId, userId));
}

/** What every page knows about workspaces: the user's list (Default first) and the active one. */
export interface WorkspaceBootstrap {
  workspaces: PresentedWorkspace[];
  active_workspace_id: number;
}

export async function workspaceBootstrap(db: Db, user: UserAccount | null, activeId: number): Promise<WorkspaceBootstrap> {
  return user ? { workspaces: await listWorkspaces(db, user.id), active_workspace_id: activeId } : { workspaces: [], active_workspace_id: 0 };
}

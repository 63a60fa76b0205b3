import type { BackstageRequestRole, BackstageRequestRow, Db } from '@app/db';
import * as usersRepository from '@app/db/accounts/users';
import * as backstageRequestsRepository from '@app/db/backstage/backstage-requests';
import * as catalogRepository from '@app/db/catalog/catalog';
import * as permissionsRepository from '@app/db/permissions/permissions';
import * as fileEntriesRepository from '@app/db/uploads/file-entries';
import { ARTISTS_ROLE } from '@app/db/seed';
import type { AppDeps, AuthState } from '../context.ts';
import { checkRoleChange, roleIdsOfUser } from '../admin/account-admin.service.ts';
import { ConflictError, notFound, validationFailed, ValidationError } from '../common/errors.ts';
import { msg } from '../i18n/msg.ts';
import { notify } from '../notifications/notifications.service.ts';
import { backstageRequestApprovedMail, backstageRequestDeniedMail } from '../mail/templates.ts';
import { loadSettings } from '../settings/settings.service.ts';

export type { BackstageRequestRow };

export const BACKSTAGE_ROLES = ['artist', 'manager', 'label', 'other'] as const;

export interface BackstageLink {
  url: string;
  title: string;
}

export interface BackstageRequestInput {
  artist_id?: number | null;
  artist_name?: string | null;
  role: BackstageRequestRole;
  message?: string | null;
  image?: string | null;
  links?: BackstageLink[];
  proof_file_id?: number | null;
  proof_url?: string | null;
}

/**
 * A user asks to become an artist (artist_name) or to claim an existing one (artist_id), with a
 * proof of identity an admin can check. An artist someone else already manages, or one already
 * verified, cannot be claimed; and one pending request per artist and user: asking again while an
 * admin has not answered is refused.
 */
export async function submitBackstageRequest(db: Db, userId: number, input: BackstageRequestInput): Promise<BackstageRequestRow> {
  let artistName = input.artist_name?.trim() ?? '';
  const artistId = input.artist_id ?? null;
  if (artistId !== null) {
    const artist = await catalogRepository.findArtist(db, artistId);
    if (!artist) throw validationFailed({ artist_id: 'This artist does not exist.' });
    const managers = await backstageRequestsRepository.artistManagers(db, artistId);
    if (managers.includes(userId)) throw validationFailed({ artist_id: 'You already manage this artist.' });
    // One managing account per artist: approval checks again (several users may claim an artist nobody manages).
    if (managers.length) throw validationFailed({ artist_id: 'Another account already manages this artist.' });
    if (artist.verified) throw validationFailed({ artist_id: 'This artist is already verified.' });
    artistName = artist.name;
  } else if (!artistName) {
    throw validationFailed({ artist_name: 'Enter your artist name, or choose the artist to claim.' });
  }
  const proofFileId = input.proof_file_id ?? null;
  const proofUrl = input.proof_url?.trim() || null;
  if (proofFileId === null && proofUrl === null) throw validationFailed({ proof: 'Add a proof of identity: a file or a link to a social profile.' });
  if (proofFileId !== null) {
    // Only the requester's own upload: an id is easy to guess, someone else's file is not a proof.
    const entry = await fileEntriesRepository.findFileEntry(db, proofFileId);
    if (!entry || entry.user_id !== userId) throw validationFailed({ proof_file_id: 'Upload your proof of identity again.' });
  }
  if (await backstageRequestsRepository.pendingBackstageRequest(db, userId, { id: artistId, name: artistName })) {
    // On the field the user filled in: the artist chosen, or the name typed.
    if (artistId !== null) throw validationFailed({ artist_id: 'You already asked for this artist. An admin will answer soon.' });
    throw validationFailed({ artist_name: 'You already asked for this artist. An admin will answer soon.' });
  }
  return backstageRequestsRepository.createBackstageRequest(db, {
    user_id: userId,
    artist_id: artistId,
    artist_name: artistName,
    role: input.role,
    message: input.message?.trim() || null,
    image: input.image || null,
    links: JSON.stringify(input.links ?? []),
    proof_file_id: proofFileId,
    proof_url: proofUrl,
  });
}

/** One of the user's own requests; someone else's is as unknown as a missing one. */
/** The user's own requests, newest first. */
export async function ownBackstageRequests(db: Db, userId: number): Promise<BackstageRequestRow[]> {
  return backstageRequestsRepository.backstageRequestsOfUser(db, userId);
}

export async function ownBackstageRequest(db: Db, userId: number, id: number): Promise<BackstageRequestRow> {
  const request = await backstageRequestsRepository.findBackstageRequest(db, id);
  if (!request || request.user_id !== userId) throw notFound('This request does not exist.');
  return request;
}

/**
 * Approving links the user to the artist (artist_user, creating the artist for a new-artist
 * request), marks the artist verified and gives them the "artists" role, which carries
 * music.create; a claim of an artist another account manages by then is refused (409) and stays
 * pending, for the admin to deny. Either way the user is told by mail.
 */
export async function reviewBackstageRequest(deps: AppDeps, id: number, reviewer: AuthState, decision: 'approve' | 'deny'): Promise<BackstageRequestRow> {
  const { db } = deps;
  const reviewerId = reviewer.user!.id;
  const request = await backstageRequestsRepository.findBackstageRequest(db, id);
  if (!request) throw notFound('This request does not exist.');
  if (request.status !== 'pending') throw new ConflictError(`This request was already ${request.status}.`);
  // Approving makes the requester an artist's manager: nobody decides their own claim, whatever roles they hold.
  if (request.user_id === reviewerId) throw new ValidationError("You can't review your own request.");
  if (decision === 'approve') {
    const roleId = await permissionsRepository.ensureRole(db, ARTISTS_ROLE);
    // Approving gives the artists role, under the rule of every role given.
    const roles = await roleIdsOfUser(db, request.user_id);
    await checkRoleChange(db, reviewer, request.user_id, roles, [...roles, roleId]);
    const approval = await backstageRequestsRepository.approveBackstageRequest(db, id, reviewerId, roleId);
    if ('refused' in approval) {
      if (approval.refused === 'managed') throw new ConflictError('Another account already manages this artist, so this claim cannot be approved.');
      throw new ConflictError('This request was already reviewed.');
    }
  } else if (!(await backstageRequestsRepository.denyBackstageRequest(db, id, reviewerId))) {
    throw new ConflictError('This request was already reviewed.');
  }
  const reviewed = (await backstageRequestsRepository.findBackstageRequest(db, id))!;
  await announceDecision(deps, reviewed);
  return reviewed;
}

/**
 * Tells the requester what the admin decided: a notification, whose email channel is the decision's
 * own mail. A mail that fails is logged by sendMail and does not undo the review.
 */
async function announceDecision(deps: AppDeps, request: BackstageRequestRow): Promise<void> {
  const user = await usersRepository.findUserById(deps.db, request.user_id);
  if (!user) return;
  const siteName = (await loadSettings(deps.db))['branding.site_name'];
  const mail =
    request.status === 'approved'
      ? backstageRequestApprovedMail(siteName, { artistName: request.artist_name, url: `${deps.config.appUrl}/artist/${request.artist_id}` })
      : backstageRequestDeniedMail(siteName, { artistName: request.artist_name, url: `${deps.config.appUrl}/backstage/requests` });
  const approved = request.status === 'approved';
  await notify(
    deps,
    user.id,
    'backstage_request_decided',
    {
      lines: [{ content: approved ? msg('Your request for :artist was approved') : msg('Your request for :artist was denied'), params: { artist: request.artist_name } }],
      mainAction: approved ? { label: 'See your artist page', action: `/artist/${request.artist_id}` } : { label: 'See your requests', action: '/backstage/requests' },
    },
    mail,
  );
}

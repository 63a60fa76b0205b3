import * as usersRepository from '@app/db/accounts/users';
import type { AppDeps, AuthState } from '../context.ts';
import { msg } from '../i18n/msg.ts';
import { hasPermission } from '../permissions/permissions.ts';
import { permissionsOfAccount } from '../billing/subscriptions.service.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import type { User } from './responses.ts';
import type { UserAccount } from '../accounts/signed-in-user.ts';

// Users.

function userObject(user: UserAccount, permissions: AuthState['permissions']): User {
  const can = (name: string) => hasPermission(permissions, name);
  return {
    username: user.email,
    email: user.email,
    scrobblingEnabled: true,
    adminRole: can('admin'),
    settingsRole: true,
    downloadRole: can('music.view'),
    uploadRole: can('music.create'),
    playlistRole: can('music.view'),
    coverArtRole: can('music.update'),
    commentRole: can('music.view'),
    podcastRole: false,
    streamRole: can('music.view'),
    jukeboxRole: false,
    shareRole: false,
    videoConversionRole: false,
    folder: [1],
  };
}

/** The caller's own account; someone else's only for those who manage users. */
export async function subsonicUser(deps: AppDeps, auth: AuthState, username: string): Promise<User> {
  if (username === auth.user!.email) return userObject(auth.user!, auth.permissions);
  if (!hasPermission(auth.permissions, 'users.update')) throw new SubsonicError(SUBSONIC_ERROR.notAuthorized, msg("You don't have permission to do that."));
  const other = await usersRepository.findUserByEmail(deps.db, username);
  if (!other) throw new SubsonicError(SUBSONIC_ERROR.notFound, msg('This user does not exist.'));
  return userObject(other, await permissionsOfAccount(deps.db, other.id));
}

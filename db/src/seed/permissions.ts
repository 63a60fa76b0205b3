import type { PermissionDefinition, RoleDefinition } from '../permissions/permissions.repository.ts';

/** Every permission the product checks. The names are the contract of the specification. */
export const PERMISSIONS: PermissionDefinition[] = [
  { name: 'admin', display_name: 'Super admin', description: 'Grants every permission.', group: 'admin' },
  { name: 'admin.access', display_name: 'Access admin area', description: 'Open the back office at /admin.', group: 'admin' },
  { name: 'users.update', display_name: 'Manage users', description: 'View, create, update and delete users.', group: 'users' },
  { name: 'roles.update', display_name: 'Manage roles', description: 'Create and edit roles and their permissions.', group: 'roles' },
  { name: 'subscriptions.update', display_name: 'Manage subscriptions', description: 'View and change subscriptions.', group: 'billing' },
  { name: 'plans.update', display_name: 'Manage plans', description: 'Create and edit subscription plans.', group: 'billing' },
  { name: 'custom_pages.update', display_name: 'Manage custom pages', description: 'Create and edit custom pages.', group: 'pages' },
  { name: 'tags.update', display_name: 'Manage tags', description: 'Create and edit tags.', group: 'music' },
  { name: 'localizations.update', display_name: 'Manage localizations', description: 'Translate the interface.', group: 'localizations' },
  { name: 'files.update', display_name: 'Manage files', description: 'Browse and delete uploaded files.', group: 'files' },
  { name: 'settings.update', display_name: 'Manage settings', description: 'Change site settings.', group: 'settings' },
  { name: 'logs.view', display_name: 'View logs', description: 'Read schedule, error and outgoing email logs.', group: 'logs' },
  { name: 'appearance.update', display_name: 'Edit appearance', description: 'Use the appearance editor.', group: 'appearance' },
  { name: 'api.access', display_name: 'Access the API', description: 'Create API tokens and read the API documentation.', group: 'api' },
  { name: 'music.view', display_name: 'View and play music', description: 'Browse the catalog and stream audio.', group: 'music' },
  {
    name: 'music.create',
    display_name: 'Upload music',
    description: 'Create tracks and albums.',
    group: 'music',
    restrictions: [{ name: 'count', description: 'Maximum number of tracks the user may create.' }],
  },
  { name: 'music.update', display_name: 'Manage the catalog', description: 'Edit and delete any track, album, artist or genre.', group: 'music' },
  { name: 'playlists.update', display_name: 'Manage playlists', description: "Edit and delete anybody's playlists, private ones included.", group: 'music' },
  { name: 'comments.update', display_name: 'Moderate comments', description: 'Delete any comment.', group: 'music' },
  { name: 'backstageRequests.create', display_name: 'Request artist access', description: 'Submit backstage requests.', group: 'backstage' },
];

/**
 * Given when an admin approves a backstage request: artists upload and manage their music. Made on
 * the first approval (not with the foundation), so installations without artists don't list it.
 */
export const ARTISTS_ROLE: RoleDefinition = {
  name: 'artists',
  description: 'Given to users whose backstage request was approved.',
  permissions: ['music.view', 'music.create', 'backstageRequests.create'],
};

export const ROLES: RoleDefinition[] = [
  { name: 'admin', description: 'Full access to everything.', permissions: ['admin'] },
  { name: 'users', description: 'Given to every new account.', default: true, permissions: ['music.view', 'backstageRequests.create'] },
  { name: 'guests', description: 'Applies to visitors who are not logged in.', guests: true, permissions: ['music.view'] },
];

import type { AdminResource } from '../resource.ts';
import { albums } from './albums.ts';
import { artists } from './artists.ts';
import { backstageRequests } from './backstage-requests.ts';
import { channels } from './channels.ts';
import { comments } from './comments.ts';
import { customPages } from './custom-pages.ts';
import { genres } from './genres.ts';
import { localizations } from './localizations.ts';
import { lyrics } from './lyrics.ts';
import { playlists } from './playlists.ts';
import { roles } from './roles.ts';
import { tags } from './tags.ts';
import { tracks } from './tracks.ts';
import { users } from './users.ts';
import { files } from './files.ts';
import { outgoingEmails } from './outgoing-emails.ts';
import { scheduleRuns } from './schedule-runs.ts';

export const ADMIN_RESOURCES: AdminResource[] = [tracks, albums, artists, genres, users, roles];
ADMIN_RESOURCES.push(outgoingEmails, scheduleRuns);
// Catalogue and content sections (issue 6).
ADMIN_RESOURCES.push(channels, playlists, lyrics, comments, tags, customPages, localizations, backstageRequests);
ADMIN_RESOURCES.push(files);
// Billing sections: plans with their prices, and subscriptions.
import { plans } from './plans.ts';
import { subscriptions } from './subscriptions.ts';
ADMIN_RESOURCES.push(plans, subscriptions);

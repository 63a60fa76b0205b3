import type { AdminResource } from '../resource.ts';
import { albums } from './albums.ts';
import { artists } from './artists.ts';
import { genres } from './genres.ts';
import { roles } from './roles.ts';
import { tracks } from './tracks.ts';
import { users } from './users.ts';
import { files } from './files.ts';
import { outgoingEmails } from './outgoing-emails.ts';
import { scheduleRuns } from './schedule-runs.ts';

export const ADMIN_RESOURCES: AdminResource[] = [tracks, albums, artists, genres, users, roles];
ADMIN_RESOURCES.push(outgoingEmails, scheduleRuns);
ADMIN_RESOURCES.push(files);

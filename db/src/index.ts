// The database package's root: connections, migrations, copies and backups, error helpers and the
// row types of the schema. Each feature's queries are a module of their own, imported as a
// namespace: `import * as catalogRepository from '@app/db/catalog/catalog'`.
export { createDb, createTestDb, migrateToLatest, sqlitePathFromUrl, type Db } from './connection.ts';
export { copySqliteToPostgres, CopyError, type CopyProgress, type CopyResult } from './copy.ts';
export { backupSqliteDatabase, inspectSqliteDatabase, isKnownMigration, LATEST_MIGRATION } from './backup.ts';
export { constraintViolation, databaseStorageFailure, isNotWhitelistedError, unstorableText } from './errors.ts';
export { withUserLock } from './transactions.ts';
export type { Database } from './tables/database.ts';
export type { AccessTokenRow, OutgoingEmailRow, SocialProfileRow, UserTokenRow } from './tables/account-security.table.ts';
export type { AlbumRow } from './tables/albums.table.ts';
export type { ArtistRow } from './tables/artists.table.ts';
export type { PriceRow, ProductRow, SubscriptionRow, SubscriptionStatus } from './tables/billing.table.ts';
export type { BackstageRequestRole, BackstageRequestRow } from './tables/backstage.table.ts';
export type { CustomPageRow } from './tables/custom-pages.table.ts';
export type { FileEntryRow } from './tables/file-entries.table.ts';
export type { GenreRow } from './tables/genres.table.ts';
export type {
  ChannelContentModel,
  ChannelRow,
  CommentRow,
  FollowableType,
  LikeableType,
  LyricRow,
  PlaylistRow,
  RepostableType,
  TagRow,
} from './tables/listener.table.ts';
export type { NotificationRow } from './tables/notifications.table.ts';
export type { PageViewRow, ScheduleRunRow } from './tables/reports.table.ts';
export type { SessionRow } from './tables/sessions.table.ts';
export type { TrackRow } from './tables/tracks.table.ts';
export type { NewUserRow, UserRow, UserUpdate } from './tables/users.table.ts';
export type { WorkspaceInviteRow, WorkspaceRole, WorkspaceRow } from './tables/workspaces.table.ts';

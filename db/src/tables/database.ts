import type { AlbumArtistTable, AlbumsTable } from './albums.table.ts';
import type { ArtistsTable } from './artists.table.ts';
import type { GenreArtistTable, GenresTable } from './genres.table.ts';
import type { PlaysTable } from './plays.table.ts';
import type { GenreTrackTable, TrackArtistTable, TracksTable } from './tracks.table.ts';
import type { FileEntriesTable } from './file-entries.table.ts';
import type { LocalizationsTable } from './localizations.table.ts';
import type { AccessTokensTable, OutgoingEmailsTable, RateLimitsTable, SocialProfilesTable, UserTokensTable } from './account-security.table.ts';
import type { PermissionsTable, ProductPermissionTable, RolePermissionTable, UserPermissionTable } from './permissions.table.ts';
import type { RolesTable, UserRoleTable } from './roles.table.ts';
import type { SessionsTable } from './sessions.table.ts';
import type { SettingsTable } from './settings.table.ts';
import type { ThemesTable } from './themes.table.ts';
import type { ArtistUserTable, BackstageRequestsTable } from './backstage.table.ts';
import type { CustomPagesTable } from './custom-pages.table.ts';
import type { UsersTable } from './users.table.ts';
import type { ErrorLogRepeatsTable, PageCacheStateTable, PageCacheTable, PageViewsTable, ScheduleRunsTable, TableVersionsTable } from './reports.table.ts';
import type {
  AlbumTagTable,
  ChannelItemsTable,
  ChannelsTable,
  CommentsTable,
  FollowsTable,
  LikesTable,
  LyricsTable,
  PlaylistsTable,
  PlaylistTrackTable,
  RepostsTable,
  TagsTable,
  TrackTagTable,
} from './listener.table.ts';
import type { BillingCustomersTable, BillingEventsTable, PricesTable, ProductsTable, SubscriptionsTable } from './billing.table.ts';
import type { NotificationsTable, NotificationSubscriptionsTable } from './notifications.table.ts';
import type { SubsonicPasswordsTable, SubsonicPlayQueuesTable, SubsonicRatingsTable } from './subsonic.table.ts';
import type { WorkspaceInvitesTable, WorkspacesTable, WorkspaceUserTable } from './workspaces.table.ts';

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  user_role: UserRoleTable;
  permissions: PermissionsTable;
  role_permission: RolePermissionTable;
  user_permission: UserPermissionTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  themes: ThemesTable;
  localizations: LocalizationsTable;
  file_entries: FileEntriesTable;
  artists: ArtistsTable;
  albums: AlbumsTable;
  tracks: TracksTable;
  genres: GenresTable;
  album_artist: AlbumArtistTable;
  track_artist: TrackArtistTable;
  genre_track: GenreTrackTable;
  genre_artist: GenreArtistTable;
  plays: PlaysTable;
  outgoing_emails: OutgoingEmailsTable;
  user_tokens: UserTokensTable;
  rate_limits: RateLimitsTable;
  access_tokens: AccessTokensTable;
  social_profiles: SocialProfilesTable;
  tags: TagsTable;
  track_tag: TrackTagTable;
  album_tag: AlbumTagTable;
  lyrics: LyricsTable;
  playlists: PlaylistsTable;
  playlist_track: PlaylistTrackTable;
  likes: LikesTable;
  follows: FollowsTable;
  reposts: RepostsTable;
  comments: CommentsTable;
  channels: ChannelsTable;
  channel_items: ChannelItemsTable;
  page_views: PageViewsTable;
  schedule_runs: ScheduleRunsTable;
  page_cache: PageCacheTable;
  page_cache_state: PageCacheStateTable;
  table_versions: TableVersionsTable;
  error_log_repeats: ErrorLogRepeatsTable;
  custom_pages: CustomPagesTable;
  backstage_requests: BackstageRequestsTable;
  artist_user: ArtistUserTable;
  workspaces: WorkspacesTable;
  notifications: NotificationsTable;
  notification_subscriptions: NotificationSubscriptionsTable;
  workspace_user: WorkspaceUserTable;
  workspace_invites: WorkspaceInvitesTable;
  products: ProductsTable;
  prices: PricesTable;
  subscriptions: SubscriptionsTable;
  product_permission: ProductPermissionTable;
  billing_customers: BillingCustomersTable;
  billing_events: BillingEventsTable;
  subsonic_passwords: SubsonicPasswordsTable;
  subsonic_ratings: SubsonicRatingsTable;
  subsonic_play_queues: SubsonicPlayQueuesTable;
}

import type { Migration } from 'kysely/migration';
import * as foundation from './2026_11_21_000001_foundation.ts';
import * as accountSecurity from './2026_11_22_000001_account_security.ts';
import * as accessTokens from './2026_11_22_000002_access_tokens.ts';
import * as twoFactor from './2026_11_22_000003_two_factor.ts';
import * as socialProfiles from './2026_11_22_000004_social_profiles.ts';
import * as listener from './2026_11_22_000005_listener.ts';
import * as search from './2026_11_22_000010_search.ts';
import * as trackSortIndexes from './2026_11_22_000012_track_sort_indexes.ts';
import * as uploads from './2026_11_22_000013_uploads.ts';
import * as content from './2026_11_22_000014_content.ts';
import * as reports from './2026_11_22_000015_reports.ts';
import * as workspaces from './2026_11_22_000016_workspaces.ts';
import * as plans from './2026_11_22_000017_plans.ts';
import * as pageCache from './2026_11_22_000018_page_cache.ts';
import * as pageCachePlainHtml from './2026_11_22_000019_page_cache_plain_html.ts';
import * as planPermissions from './2026_11_22_000020_plan_permissions.ts';
import * as stripeBilling from './2026_11_23_000001_stripe_billing.ts';
import * as backstageRequestDetails from './2026_11_24_000001_backstage_request_details.ts';
import * as artistGenres from './2026_11_24_000002_artist_genres.ts';
import * as paypalBilling from './2026_11_24_000010_paypal_billing.ts';
import * as trackDrafts from './2026_11_25_000001_track_drafts.ts';
import * as notifications from './2026_11_26_000001_notifications.ts';
import * as subsonic from './2026_11_27_000010_subsonic.ts';
import * as subscriptionReadAt from './2026_11_28_000001_subscription_read_at.ts';
import * as rowCounts from './2026_11_29_000001_row_counts.ts';
import * as pageCacheGeneration from './2026_11_29_000002_page_cache_generation.ts';
import * as postgresIndexes from './2026_11_29_000003_postgres_indexes.ts';
import * as postgresSearchCandidates from './2026_11_29_000010_postgres_search_candidates.ts';
import * as tableVersions from './2026_11_30_000001_table_versions.ts';
import * as playCountVersions from './2026_12_01_000001_play_count_versions.ts';
import * as errorLogRepeats from './2026_12_02_000040_error_log_repeats.ts';

/**
 * Every migration, keyed by its timestamped name. Append only: a migration that has shipped is
 * never edited; a change to the schema is a new entry at the end.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_21_000001_foundation': foundation,
  '2026_11_22_000001_account_security': accountSecurity,
  '2026_11_22_000002_access_tokens': accessTokens,
  '2026_11_22_000003_two_factor': twoFactor,
  '2026_11_22_000004_social_profiles': socialProfiles,
  '2026_11_22_000005_listener': listener,
  '2026_11_22_000010_search': search,
  '2026_11_22_000012_track_sort_indexes': trackSortIndexes,
  '2026_11_22_000013_uploads': uploads,
  '2026_11_22_000014_content': content,
  '2026_11_22_000015_reports': reports,
  '2026_11_22_000016_workspaces': workspaces,
  '2026_11_22_000017_plans': plans,
  '2026_11_22_000018_page_cache': pageCache,
  '2026_11_22_000019_page_cache_plain_html': pageCachePlainHtml,
  '2026_11_22_000020_plan_permissions': planPermissions,
  '2026_11_23_000001_stripe_billing': stripeBilling,
  '2026_11_24_000001_backstage_request_details': backstageRequestDetails,
  '2026_11_24_000002_artist_genres': artistGenres,
  '2026_11_24_000010_paypal_billing': paypalBilling,
  '2026_11_25_000001_track_drafts': trackDrafts,
  '2026_11_26_000001_notifications': notifications,
  '2026_11_27_000010_subsonic': subsonic,
  '2026_11_28_000001_subscription_read_at': subscriptionReadAt,
  '2026_11_29_000001_row_counts': rowCounts,
  '2026_11_29_000002_page_cache_generation': pageCacheGeneration,
  '2026_11_29_000003_postgres_indexes': postgresIndexes,
  '2026_11_29_000010_postgres_search_candidates': postgresSearchCandidates,
  '2026_11_30_000001_table_versions': tableVersions,
  '2026_12_01_000001_play_count_versions': playCountVersions,
  '2026_12_02_000040_error_log_repeats': errorLogRepeats,
};

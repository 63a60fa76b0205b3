export { createApp, apiV1, type ApiV1, type SessionApi, type AppOptions, type SiteLocals, type SiteHandler } from './app.ts';
export { loadConfig, type Config } from './config.ts';
export type { AppDeps } from './context.ts';
export type { BootstrapData, BrowserBootstrap, CurrentUser, ThemeSelection } from './services/bootstrap.service.ts';
export type { MenuConfig, MenuItemConfig, SeoPage, Settings } from './services/settings.service.ts';
export type { AlbumResource, ArtistResource, TrackResource } from './schemas/catalog.ts';
export { prepare } from './startup/prepare.ts';
export { createLocalStorage, type Storage } from './storage/storage.ts';
export type { PlaylistSearchResult, SearchResponse, TagSearchResult, UserSearchResult } from './schemas/search.ts';

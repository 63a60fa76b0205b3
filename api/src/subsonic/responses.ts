import type { TextElement } from './serialize.ts';

/**
 * The answers' shapes, named as in the Subsonic XSD (subsonic-rest-api-1.16.1) with OpenSubsonic's
 * additions, as Navidrome's `responses` package names them. Only what this server sends is listed.
 * Scalars become XML attributes, objects and lists child elements (serialize.ts).
 */

/** OpenSubsonic's reference to an artist inside a song or album. */
export interface ArtistRef {
  id: string;
  name: string;
}

/** OpenSubsonic's genre of a song or album. */
export interface ItemGenre {
  name: string;
}

/** A song. */
export interface Child {
  id: string;
  parent?: string;
  isDir: boolean;
  title: string;
  album?: string;
  artist?: string;
  track?: number;
  year?: number;
  genre?: string;
  coverArt?: string;
  size?: number;
  contentType?: string;
  suffix?: string;
  duration: number;
  bitRate?: number;
  path: string;
  playCount: number;
  created: string;
  starred?: string;
  userRating?: number;
  albumId?: string;
  artistId?: string;
  type: 'music';
  isVideo: boolean;
  mediaType: 'song';
  genres: ItemGenre[];
  artists: ArtistRef[];
  displayArtist: string;
  albumArtists: ArtistRef[];
  displayAlbumArtist: string;
}

export interface AlbumID3 {
  id: string;
  name: string;
  artist?: string;
  artistId?: string;
  coverArt: string;
  songCount: number;
  duration: number;
  playCount: number;
  created: string;
  starred?: string;
  year?: number;
  genre?: string;
  userRating?: number;
  artists: ArtistRef[];
  displayArtist: string;
  genres: ItemGenre[];
  releaseTypes: string[];
  isCompilation: boolean;
}

export interface AlbumWithSongsID3 extends AlbumID3 {
  song: Child[];
}

export interface ArtistID3 {
  id: string;
  name: string;
  coverArt: string;
  artistImageUrl?: string;
  albumCount: number;
  starred?: string;
}

export interface ArtistWithAlbumsID3 extends ArtistID3 {
  album: AlbumID3[];
}

/** The folder-based artist of getIndexes. */
export interface Artist {
  id: string;
  name: string;
  artistImageUrl?: string;
  starred?: string;
  userRating?: number;
}

export interface Index {
  name: string;
  artist: Artist[];
}

export interface IndexID3 {
  name: string;
  artist: ArtistID3[];
}

export interface Indexes {
  lastModified: number;
  ignoredArticles: string;
  index: Index[];
}

export interface ArtistsID3 {
  ignoredArticles: string;
  index: IndexID3[];
}

/** Child elements, not attributes: the XSD has them as elements of their own. */
export interface ArtistInfo2 {
  biography?: TextElement;
  smallImageUrl?: TextElement;
  mediumImageUrl?: TextElement;
  largeImageUrl?: TextElement;
}

export interface AlbumInfo {
  notes?: TextElement;
  smallImageUrl?: TextElement;
  mediumImageUrl?: TextElement;
  largeImageUrl?: TextElement;
}

export interface Genre {
  /** The genre's name, the element's text. */
  value: string;
  songCount: number;
  albumCount: number;
}

export interface MusicFolder {
  id: number;
  name: string;
}

export interface Playlist {
  id: string;
  name: string;
  comment?: string;
  owner?: string;
  public: boolean;
  songCount: number;
  duration: number;
  created: string;
  changed: string;
  coverArt: string;
}

export interface PlaylistWithSongs extends Playlist {
  entry: Child[];
}

/** search3's and getStarred2's answer. */
export interface SearchResult3 {
  artist: ArtistID3[];
  album: AlbumID3[];
  song: Child[];
}

export type Starred2 = SearchResult3;

export interface NowPlayingEntry extends Child {
  username: string;
  minutesAgo: number;
  playerId: number;
}

export interface PlayQueue {
  current?: string;
  position?: number;
  username: string;
  changed: string;
  changedBy: string;
  entry?: Child[];
}

export interface User {
  username: string;
  email: string;
  scrobblingEnabled: boolean;
  adminRole: boolean;
  settingsRole: boolean;
  downloadRole: boolean;
  uploadRole: boolean;
  playlistRole: boolean;
  coverArtRole: boolean;
  commentRole: boolean;
  podcastRole: boolean;
  streamRole: boolean;
  jukeboxRole: boolean;
  shareRole: boolean;
  videoConversionRole: boolean;
  folder: number[];
}

/** OpenSubsonic's lyrics line: `value` is its text, `start` its time in milliseconds when synced. */
export interface Line {
  start?: number;
  value: string;
}

export interface StructuredLyrics {
  displayArtist?: string;
  displayTitle: string;
  lang: string;
  synced: boolean;
  offset: number;
  line: Line[];
}

export interface OpenSubsonicExtension {
  name: string;
  versions: number[];
}

/** The XSD's Error. */
export interface ErrorBody {
  code: number;
  message: string;
}

/** What one method adds to the envelope, as Navidrome's `Subsonic` struct lists it. */
export interface SubsonicResponse {
  error?: ErrorBody;
  license?: { valid: boolean };
  openSubsonicExtensions?: OpenSubsonicExtension[];
  musicFolders?: { musicFolder: MusicFolder[] };
  indexes?: Indexes;
  artists?: ArtistsID3;
  artist?: ArtistWithAlbumsID3;
  artistInfo2?: ArtistInfo2;
  album?: AlbumWithSongsID3;
  albumInfo?: AlbumInfo;
  song?: Child;
  genres?: { genre: Genre[] };
  albumList2?: { album: AlbumID3[] };
  randomSongs?: { song: Child[] };
  songsByGenre?: { song: Child[] };
  starred2?: Starred2;
  nowPlaying?: { entry: NowPlayingEntry[] };
  searchResult3?: SearchResult3;
  lyricsList?: { structuredLyrics: StructuredLyrics[] };
  playlists?: { playlist: Playlist[] };
  playlist?: PlaylistWithSongs;
  playQueue?: PlayQueue;
  user?: User;
  tokenInfo?: { username: string };
}

import type { Generated, Selectable } from 'kysely';

export interface TagsTable {
  id: Generated<number>;
  name: string;
  display_name: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface TrackTagTable {
  track_id: number;
  tag_id: number;
}

export interface AlbumTagTable {
  album_id: number;
  tag_id: number;
}

export interface LyricsTable {
  id: Generated<number>;
  track_id: number;
  text: string;
  /** 1 when the text is LRC with [mm:ss.xx] time stamps. */
  is_synced: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface PlaylistsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: string | null;
  image: string | null;
  public: Generated<number>;
  /** Followers of a collaborative playlist may add, remove and reorder its tracks. */
  collaborative: Generated<number>;
  plays: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface PlaylistTrackTable {
  playlist_id: number;
  track_id: number;
  position: number;
  added_by: number | null;
  created_at: Generated<string>;
}

export type LikeableType = 'track' | 'album';
export type FollowableType = 'user' | 'artist' | 'playlist';
export type RepostableType = 'track' | 'album';

export interface LikesTable {
  user_id: number;
  likeable_type: LikeableType;
  likeable_id: number;
  created_at: Generated<string>;
}

export interface FollowsTable {
  follower_id: number;
  followable_type: FollowableType;
  followable_id: number;
  created_at: Generated<string>;
}

export interface RepostsTable {
  user_id: number;
  repostable_type: RepostableType;
  repostable_id: number;
  created_at: Generated<string>;
}

export interface CommentsTable {
  id: Generated<number>;
  track_id: number;
  user_id: number;
  parent_id: number | null;
  content: string;
  /** Seconds into the track the comment is about, when given. */
  position: number | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type ChannelContentModel = 'track' | 'album' | 'artist' | 'playlist' | 'genre' | 'channel';
export type ChannelContentSource = 'manual' | 'popular' | 'new' | 'genre';
export type ChannelLayout = 'grid' | 'carousel' | 'list' | 'table';

export interface ChannelsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string | null;
  content_model: ChannelContentModel;
  content_source: Generated<ChannelContentSource>;
  /** JSON options of the query, such as { "genre_id": 3 }. */
  content_options: Generated<string>;
  layout: Generated<ChannelLayout>;
  items_limit: Generated<number>;
  hide_title: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface ChannelItemsTable {
  channel_id: number;
  item_type: ChannelContentModel;
  item_id: number;
  position: Generated<number>;
}

export type TagRow = Selectable<TagsTable>;
export type LyricRow = Selectable<LyricsTable>;
export type PlaylistRow = Selectable<PlaylistsTable>;
export type CommentRow = Selectable<CommentsTable>;
export type ChannelRow = Selectable<ChannelsTable>;

/** A channel as the API answers it; `content.data` holds items of `content_model`. */
export interface ChannelView {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  content_model: 'track' | 'album' | 'artist' | 'playlist' | 'genre' | 'channel';
  layout: 'grid' | 'carousel' | 'list' | 'table';
  hide_title: boolean;
  restriction: { name: string; display_name: string } | null;
  content: { data: unknown[]; current_page: number; per_page: number; has_more: boolean };
}

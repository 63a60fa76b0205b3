import { httpClient } from '../providers/httpClient.ts';

export interface ChannelPreviewData {
  name: string;
  content: { data: { id: number; name?: string; display_name?: string | null }[]; has_more: boolean };
}

/** The data provider's method for the channel preview: the same call the site's channel page makes. */
export const channelMethods = {
  async getChannelPreview(params: { slug: string; restriction?: string }): Promise<{ data: ChannelPreviewData }> {
    const query = params.restriction ? `?restriction=${encodeURIComponent(params.restriction)}` : '';
    const { json } = await httpClient(`/api/v1/channel/${encodeURIComponent(params.slug)}${query}`);
    return { data: json.channel as ChannelPreviewData };
  },
};

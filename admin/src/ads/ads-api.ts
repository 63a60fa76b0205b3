import { httpClient } from '../providers/httpClient.ts';

/** The code of each ad slot (`ads.general_top`, …) and the switch that turns them all off. */
export type Ads = Record<'ads.general_top' | 'ads.general_bottom' | 'ads.artist_top' | 'ads.artist_bottom' | 'ads.album_above', string> & { 'ads.disable': boolean };

/** The data provider's methods for the Ads screen. */
export const adsMethods = {
  async getAds(): Promise<{ data: Ads }> {
    return { data: (await httpClient('/api/admin/ads')).json as Ads };
  },
  async updateAds(ads: Ads): Promise<{ data: Ads }> {
    return { data: (await httpClient('/api/admin/ads', { method: 'PUT', body: JSON.stringify(ads) })).json as Ads };
  },
};

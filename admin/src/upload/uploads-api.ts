import { httpClient } from '../providers/httpClient.ts';
import type { UploadRestrictions } from '@app/shared/upload/restrictions';

/** The data provider's method for the Upload section: the size and type limits uploads must meet. */
export const uploadMethods = {
  async getUploadRestrictions(): Promise<{ data: UploadRestrictions }> {
    return { data: (await httpClient('/api/v1/uploads/restrictions')).json as UploadRestrictions };
  },
};

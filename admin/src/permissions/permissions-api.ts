import { httpClient } from '../providers/httpClient.ts';

export interface CatalogEntry {
  name: string;
  display_name: string | null;
  description: string | null;
  group: string;
  restrictions: { name: string; description: string }[];
  /** Opens the back office or acts on other people's things: the API refuses it for visitors and plans. */
  back_office: boolean;
}

/** The data provider's method for the permission editor: every permission that can be granted. */
export const permissionMethods = {
  async getPermissionCatalog(): Promise<{ data: CatalogEntry[] }> {
    return { data: (await httpClient('/api/admin/permissions')).json as CatalogEntry[] };
  },
};

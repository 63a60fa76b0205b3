import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { httpClient } from './httpClient.ts';

const rest = simpleRestProvider('/api/admin', httpClient);

export const dataProvider: DataProvider = {
  ...rest,
  // Deleting many files goes through the upload API's own call (spec §7), one request for all.
  async deleteMany(resource, params) {
    if (resource !== 'files') return rest.deleteMany(resource, params);
    const { json } = await httpClient('/api/v1/file-entries/delete', { method: 'POST', body: JSON.stringify({ entryIds: params.ids, deleteForever: true }) });
    return { data: json.deleted };
  },
};

import simpleRestProvider from 'ra-data-simple-rest';
import { useDataProvider, type DataProvider } from 'react-admin';
import { adsMethods } from '../ads/ads-api.ts';
import { appearanceMethods } from '../appearance/appearance-api.ts';
import { channelMethods } from '../channels/channels-api.ts';
import { fileMethods } from '../files/files-api.ts';
import { localizationMethods } from '../localizations/localizations-api.ts';
import { logMethods } from '../logs/logs-api.ts';
import { permissionMethods } from '../permissions/permissions-api.ts';
import { reportMethods } from '../reports/reports-api.ts';
import { settingsMethods } from '../settings/settings-api.ts';
import { uploadMethods } from '../upload/uploads-api.ts';
import { userMethods } from '../users/users-api.ts';
import { httpClient } from './httpClient.ts';

const base = simpleRestProvider('/api/admin', httpClient);

/** Resources whose permissions are edited with the record, though the API keeps them apart. */
const WITH_PERMISSIONS = new Set(['roles', 'users', 'plans']);

const permissionsUrl = (resource: string, id: unknown) => `/api/admin/${resource}/${encodeURIComponent(String(id))}/permissions`;

async function savePermissions(resource: string, id: unknown, permissions: unknown) {
  const { json } = await httpClient(permissionsUrl(resource, id), { method: 'PUT', body: JSON.stringify({ permissions }) });
  return json.permissions;
}

/**
 * ra-data-simple-rest, plus: a role's, user's or plan's `permissions` (grants with restrictions) are read
 * and written through their own endpoint, so the edit form saves them with one button.
 */
const resources: DataProvider = {
  ...base,
  async getOne(resource, params) {
    const result = await base.getOne(resource, params);
    if (!WITH_PERMISSIONS.has(resource)) return result;
    const { json } = await httpClient(permissionsUrl(resource, params.id));
    return { data: { ...result.data, permissions: json.permissions } };
  },
  async update(resource, params) {
    if (!WITH_PERMISSIONS.has(resource)) return base.update(resource, params);
    const { permissions, ...data } = params.data as Record<string, unknown>;
    const { permissions: _previous, ...previousData } = (params.previousData ?? {}) as Record<string, unknown>;
    const result = await base.update(resource, { ...params, data, previousData: previousData as typeof params.previousData });
    const saved = permissions === undefined ? _previous : await savePermissions(resource, params.id, permissions);
    return { data: { ...result.data, permissions: saved } as typeof result.data };
  },
  async create(resource, params) {
    if (!WITH_PERMISSIONS.has(resource)) return base.create(resource, params);
    const { permissions, ...data } = params.data as Record<string, unknown>;
    const result = await base.create(resource, { ...params, data });
    const saved = Array.isArray(permissions) ? await savePermissions(resource, result.data.id, permissions) : [];
    return { data: { ...result.data, permissions: saved } as typeof result.data };
  },
  // Deleting many files goes through the upload API's own call (spec §7), one request for all.
  async deleteMany(resource, params) {
    if (resource !== 'files') return base.deleteMany(resource, params);
    const { json } = await httpClient('/api/v1/file-entries/delete', { method: 'POST', body: JSON.stringify({ entryIds: params.ids, deleteForever: true }) });
    return { data: json.deleted };
  },
};

/**
 * The resources, plus the calls of the screens that are not resources (reports, a user's security,
 * logs, settings, translations, channel preview, upload limits, the permission catalogue), as react-admin's custom data provider methods: screens call them through
 * useAppDataProvider() with react-query, so they share its cache and an expired session logs out.
 */
export const dataProvider = { ...resources, ...reportMethods, ...userMethods, ...logMethods, ...settingsMethods, ...adsMethods, ...fileMethods, ...localizationMethods, ...channelMethods, ...uploadMethods, ...permissionMethods, ...appearanceMethods };

type AppDataProvider = typeof dataProvider;

export const useAppDataProvider = () => useDataProvider<AppDataProvider>();

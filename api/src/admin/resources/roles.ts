import { z } from 'zod';
import { msg } from '../../i18n/msg.ts';
import { holdsRole } from '../account-admin.service.ts';
import { validationFailed } from '../../common/errors.ts';
import type { AdminResource } from '../resource.ts';
import { optionalText } from './fields.ts';

/** Role names and flags; the permission editor comes with the roles section of the back office. */
export const roles: AdminResource = {
  name: 'roles',
  label: 'Roles',
  // Managing users means choosing their roles, so user managers may read the list.
  permissions: { read: ['roles.update', 'users.update'], write: ['roles.update'] },
  table: {
    table: 'roles',
    columns: ['id', 'name', 'description', 'guests', 'default', 'created_at', 'updated_at'],
    writable: ['name', 'description', 'default'],
    searchable: ['name', 'description'],
    sortable: ['id', 'name', 'created_at'],
    filters: { guests: 'boolean', default: 'boolean' },
    counts: { users_count: { table: 'user_role', foreignKey: 'role_id' } },
    timestamps: true,
  },
  input: z.strictObject({
    name: z.string().trim().min(1, 'Enter a name.').max(100),
    description: optionalText(500),
    default: z
      .union([z.boolean(), z.literal(0), z.literal(1)])
      .transform((value) => (value === true || value === 1 ? 1 : 0))
      .optional(),
  }),
  unique: ['name'],
  // Making a role the default gives it to every account made from then on; deleting it takes it from its users.
  async guardWrite(data, existing, auth, deps) {
    if (!existing || data.default === undefined || data.default === existing.default) return;
    if (!(await holdsRole(deps.db, auth, existing.id))) throw validationFailed({ default: "You can't change whether new accounts get a role that has permissions you don't have yourself." });
  },
  async guardDelete(record, auth, deps) {
    if (record.guests) return msg('The guest role applies to every visitor and cannot be deleted.');
    if (!(await holdsRole(deps.db, auth, record.id))) return msg("You can't delete a role that has permissions you don't have yourself.");
    return undefined;
  },
};

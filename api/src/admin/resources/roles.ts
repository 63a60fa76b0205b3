import { z } from 'zod';
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
  guardDelete(record) {
    return record.guests ? 'The guest role applies to every visitor and cannot be deleted.' : undefined;
  },
};

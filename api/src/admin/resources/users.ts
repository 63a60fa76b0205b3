import { z } from 'zod';
import { msg } from '../../i18n/msg.ts';
import { checkRoleChange, userToChange } from '../account-admin.service.ts';
import { hashPassword } from '../../accounts/auth.service.ts';
import type { AdminResource } from '../resource.ts';
import { imageUrl, optionalText } from './fields.ts';

export const users: AdminResource = {
  name: 'users',
  label: 'Users',
  permissions: { read: ['users.update'], write: ['users.update'] },
  table: {
    table: 'users',
    // The password hash is never read back.
    columns: ['id', 'name', 'first_name', 'last_name', 'email', 'image', 'email_verified_at', 'banned_at', 'language', 'country', 'timezone', 'two_factor_confirmed_at', 'created_at', 'updated_at'],
    writable: ['name', 'first_name', 'last_name', 'email', 'password', 'image', 'email_verified_at', 'banned_at', 'language', 'country', 'timezone'],
    searchable: ['name', 'email', 'first_name', 'last_name'],
    sortable: ['id', 'name', 'email', 'created_at', 'updated_at', 'banned_at', 'email_verified_at'],
    filters: {
      email: 'text',
      name: 'text',
      role_ids: { via: { pivot: 'user_role', localKey: 'user_id', foreignKey: 'role_id' } },
      created_at: 'date',
    },
    pivots: { role_ids: { pivot: 'user_role', localKey: 'user_id', foreignKey: 'role_id' } },
    timestamps: true,
  },
  input: z.strictObject({
    email: z.string().trim().toLowerCase().min(1, 'Enter an email address.').max(255).email('Enter a valid email address.'),
    // An empty password in an edit form means "keep the current one".
    password: z
      .string()
      .max(255)
      .refine((value) => value === '' || value.length >= 8, 'Use at least 8 characters.')
      .optional(),
    name: optionalText(255),
    first_name: optionalText(255),
    last_name: optionalText(255),
    image: imageUrl,
    email_verified_at: z.iso.datetime({ offset: true }).nullable().optional(),
    banned_at: z.iso.datetime({ offset: true }).nullable().optional(),
    language: optionalText(10),
    country: optionalText(2),
    timezone: optionalText(64),
    role_ids: z.array(z.number().int().positive()).max(50).optional(),
  }),
  references: { role_ids: 'roles' },
  unique: ['email'],
  async prepare(data) {
    const { password, ...rest } = data;
    if (typeof password !== 'string' || password === '') return rest;
    return { ...rest, password: await hashPassword(password) };
  },
  async guardWrite(data, existing, auth, deps) {
    if (existing) await userToChange(deps.db, auth, existing.id);
    if (data.role_ids !== undefined) await checkRoleChange(deps.db, auth, existing?.id, (existing?.role_ids as number[] | undefined) ?? [], data.role_ids as number[]);
  },
  async guardDelete(record, auth, deps) {
    if (auth.user?.id === record.id) return msg("You can't delete your own account from here.");
    await userToChange(deps.db, auth, record.id);
    return undefined;
  },
};

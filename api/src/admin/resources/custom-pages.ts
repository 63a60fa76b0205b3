import { z } from 'zod';
import { sanitizePageHtml } from '../../settings/custom-pages.service.ts';
import type { AdminResource } from '../resource.ts';
import { slug } from './fields.ts';

export const customPages: AdminResource = {
  name: 'custom-pages',
  label: 'Custom pages',
  permissions: { read: ['custom_pages.update'], write: ['custom_pages.update'] },
  table: {
    table: 'custom_pages',
    columns: ['id', 'title', 'slug', 'body', 'type', 'created_at', 'updated_at'],
    writable: ['title', 'slug', 'body'],
    searchable: ['title', 'slug'],
    sortable: ['id', 'title', 'slug', 'created_at', 'updated_at'],
    filters: { title: 'text', slug: 'text', created_at: 'date' },
    detailOnly: ['body'],
    timestamps: true,
  },
  input: z.strictObject({
    title: z.string().trim().min(1, 'Enter a title.').max(255, 'Titles are at most 255 characters.'),
    slug,
    body: z.string().max(200_000, 'The page is too long: at most 200,000 characters of HTML.').optional(),
  }),
  unique: ['slug'],
  async prepare(data) {
    return typeof data.body === 'string' ? { ...data, body: await sanitizePageHtml(data.body) } : data;
  },
};

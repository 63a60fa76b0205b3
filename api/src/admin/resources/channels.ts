import type { ChannelContentModel } from '@app/db';
import type * as adminResourceRepository from '@app/db/admin/admin-resource';
import * as channelItemsRepository from '@app/db/catalog/channel-items';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { loadSettings } from '../../settings/settings.service.ts';
import type { AdminResource } from '../resource.ts';
import { flag, optionalText, slug } from './fields.ts';

export const CHANNEL_MODELS = ['track', 'album', 'artist', 'playlist', 'genre', 'channel'] as const;
export const CHANNEL_SOURCES = ['manual', 'popular', 'new', 'genre'] as const;
export const CHANNEL_LAYOUTS = ['grid', 'carousel', 'list', 'table'] as const;
/** Most hand-picked items one channel holds; pages of the site show items_limit of them. */
export const CHANNEL_MAX_ITEMS = 200;

/**
 * First path segments the site already answers: a channel with one of these slugs would only be
 * reachable at /channel/{slug}, which is surprising, so they are refused.
 */
const RESERVED_SLUGS = new Set([
  'account-settings', 'account-suspended', 'admin', 'album', 'api', 'api-docs', 'artist', 'auth', 'backstage', 'billing', 'channel',
  'checkout', 'contact', 'forgot-password', 'landing', 'library', 'login', 'lyrics', 'notifications', 'pages', 'password', 'playlist',
  'pricing', 'radio', 'register', 'search', 'secure', 'tag', 'track', 'uploads', 'user', 'verify-email', 'workspace', '404', '500',
]);

/** What each content source can list: the site's channel service returns nothing for other pairs. */
const SOURCE_MODELS: Record<(typeof CHANNEL_SOURCES)[number], readonly ChannelContentModel[]> = {
  manual: CHANNEL_MODELS,
  popular: ['track', 'album', 'artist', 'playlist'],
  new: ['track', 'album', 'artist', 'playlist'],
  genre: ['track', 'album'],
};

const HOME_CHANNEL_MESSAGE = 'This channel is the home page. Choose another home page in the settings first.';

/** The channel `/` shows (setting homepage.value, by slug or id): deleting or renaming it would leave the home page empty. */
async function isHomeChannel(record: adminResourceRepository.ResourceRecord, deps: AppDeps): Promise<boolean> {
  const home = (await loadSettings(deps.db))['homepage.value'];
  return home === record.slug || home === String(record.id);
}

export const channels: AdminResource = {
  name: 'channels',
  label: 'Channels',
  async guardDelete(record, _auth, deps) {
    return (await isHomeChannel(record, deps)) ? HOME_CHANNEL_MESSAGE : undefined;
  },
  permissions: { read: ['music.update'], write: ['music.update'] },
  table: {
    table: 'channels',
    columns: ['id', 'name', 'slug', 'description', 'content_model', 'content_source', 'layout', 'items_limit', 'hide_title', 'created_at', 'updated_at'],
    writable: ['name', 'slug', 'description', 'content_model', 'content_source', 'layout', 'items_limit', 'hide_title'],
    searchable: ['name', 'slug'],
    sortable: ['id', 'name', 'slug', 'content_model', 'content_source', 'layout', 'created_at', 'updated_at', 'items_count'],
    filters: { slug: 'text', content_model: 'text', content_source: 'text', layout: 'text', created_at: 'date' },
    counts: { items_count: { table: 'channel_items', foreignKey: 'channel_id' } },
    timestamps: true,
  },
  input: z.strictObject({
    name: z.string().trim().min(1, 'Enter a name.').max(100),
    slug: slug.refine((value) => !RESERVED_SLUGS.has(value), 'This address is taken by a page of the site.'),
    description: optionalText(1000),
    content_model: z.enum(CHANNEL_MODELS, 'Choose what the channel lists.'),
    content_source: z.enum(CHANNEL_SOURCES, 'Choose where the content comes from.').optional(),
    layout: z.enum(CHANNEL_LAYOUTS, 'Choose a layout.').optional(),
    items_limit: z.number('Enter a number.').int().min(1, 'Show at least 1 item.').max(100, 'Show at most 100 items.').optional(),
    hide_title: flag,
    /** Hand-picked ids of the kind the channel lists, in order (manual channels only). */
    items: z.array(z.number().int().positive()).max(CHANNEL_MAX_ITEMS, `A channel holds at most ${CHANNEL_MAX_ITEMS} items.`).optional(),
  }),
  unique: ['slug'],
  virtual: ['items'],
  async validate(data, existing, deps) {
    const errors: Record<string, string> = {};
    if (existing && data.slug !== undefined && data.slug !== existing.slug && (await isHomeChannel(existing, deps))) {
      errors.slug = HOME_CHANNEL_MESSAGE;
    }
    const model = (data.content_model ?? existing?.content_model) as ChannelContentModel;
    const source = (data.content_source ?? existing?.content_source ?? 'manual') as (typeof CHANNEL_SOURCES)[number];
    if (!SOURCE_MODELS[source].includes(model)) {
      errors.content_source = `A ${source} channel can list ${SOURCE_MODELS[source].map((m) => `${m}s`).join(', ')}.`;
    }
    const items = data.items as number[] | undefined;
    if (source === 'manual' && items?.length) {
      if (model === 'channel' && existing && items.includes(existing.id)) errors.items = 'A channel cannot contain itself.';
      const missing = await channelItemsRepository.missingItemIds(deps.db, model, items);
      if (missing.length) errors.items = `No ${model} has the id ${missing.slice(0, 10).join(', ')}.`;
    }
    return errors;
  },
  async afterRead(records, deps) {
    const items = await channelItemsRepository.channelItemsOf(deps.db, records as (adminResourceRepository.ResourceRecord & { content_model: ChannelContentModel })[]);
    for (const record of records) record.items = items.get(record.id) ?? [];
  },
  async afterWrite(record, virtual, deps) {
    // Items are kept only for manual channels; a query channel's list comes from the query.
    if (virtual.items === undefined || record.content_source !== 'manual') return;
    await channelItemsRepository.replaceChannelItems(deps.db, record.id, record.content_model as ChannelContentModel, virtual.items as number[]);
  },
};

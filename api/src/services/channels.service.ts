import {
  albumsByIds,
  artistsByIds,
  channelItemIds,
  channelsByIds,
  findChannel,
  findGenreByName,
  genreContentIds,
  genresByIds,
  inOrderOf,
  newestIds,
  playlistsByIds,
  popularIds,
  tracksByIds,
  type ChannelRow,
  type Db,
} from '@app/db';
import { notFound } from '../http/errors.ts';
import { presentAlbums, presentArtists, presentTracks } from './catalog.service.ts';
import { presentPlaylists } from './playlists.service.ts';

/** Nested channels show a first page of their own; deeper nesting is not followed, so a loop can't hang a page. */
const MAX_DEPTH = 2;

export interface ChannelPage {
  data: unknown[];
  current_page: number;
  per_page: number;
  has_more: boolean;
}

export interface ChannelResource {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  content_model: ChannelRow['content_model'];
  layout: ChannelRow['layout'];
  hide_title: boolean;
  restriction: { name: string; display_name: string } | null;
  content: ChannelPage;
}

/** Item ids of one page of the channel, following its content source. */
async function contentIds(db: Db, channel: ChannelRow, genreId: number | undefined, offset: number, limit: number): Promise<number[]> {
  const model = channel.content_model;
  switch (channel.content_source) {
    case 'popular':
      return model === 'genre' || model === 'channel' ? [] : popularIds(db, model, offset, limit);
    case 'new':
      return model === 'genre' || model === 'channel' ? [] : newestIds(db, model, offset, limit);
    case 'genre':
      return genreId !== undefined && (model === 'track' || model === 'album') ? genreContentIds(db, genreId, model, offset, limit) : [];
    default:
      return channelItemIds(db, channel.id, model, offset, limit);
  }
}

async function presentItems(db: Db, model: ChannelRow['content_model'], ids: number[], depth: number): Promise<unknown[]> {
  switch (model) {
    case 'track':
      return presentTracks(db, inOrderOf(ids, await tracksByIds(db, ids)), new Set(['artists', 'album', 'album.artists']));
    case 'album':
      return presentAlbums(db, inOrderOf(ids, await albumsByIds(db, ids)), new Set(['artists']));
    case 'artist':
      return presentArtists(db, inOrderOf(ids, await artistsByIds(db, ids)), new Set());
    case 'playlist':
      // Hand-picked playlists that were made private since drop out of public channels.
      return presentPlaylists(db, inOrderOf(ids, await playlistsByIds(db, ids)).filter((p) => p.public));
    case 'genre':
      return inOrderOf(ids, await genresByIds(db, ids)).map(({ id, name, display_name, image }) => ({ id, name, display_name, image }));
    case 'channel': {
      if (depth >= MAX_DEPTH) return [];
      const children = inOrderOf(ids, await channelsByIds(db, ids));
      return Promise.all(children.map((child) => presentChannel(db, child, { page: 1, perPage: child.items_limit, depth: depth + 1 })));
    }
  }
}

async function presentChannel(
  db: Db,
  channel: ChannelRow,
  options: { page: number; perPage: number; restriction?: string; depth?: number },
): Promise<ChannelResource> {
  const depth = options.depth ?? 0;
  let restriction: ChannelResource['restriction'] = null;
  let genreId: number | undefined;
  if (channel.content_source === 'genre' && options.restriction !== undefined) {
    const genre = await findGenreByName(db, options.restriction);
    if (!genre) throw notFound('This genre does not exist.');
    genreId = genre.id;
    restriction = { name: genre.name, display_name: genre.display_name ?? genre.name };
  }
  // A channel shows at most its own limit of items per page.
  const perPage = Math.min(options.perPage, channel.items_limit);
  const ids = await contentIds(db, channel, genreId, (options.page - 1) * perPage, perPage + 1);
  return {
    id: channel.id,
    name: restriction ? `${restriction.display_name}` : channel.name,
    slug: channel.slug,
    description: channel.description,
    content_model: channel.content_model,
    layout: channel.layout,
    hide_title: Boolean(channel.hide_title),
    restriction,
    content: {
      data: await presentItems(db, channel.content_model, ids.slice(0, perPage), depth),
      current_page: options.page,
      per_page: perPage,
      has_more: ids.length > perPage,
    },
  };
}

export async function getChannel(db: Db, slugOrId: string, options: { page: number; perPage: number; restriction?: string }): Promise<ChannelResource> {
  const channel = await findChannel(db, slugOrId);
  if (!channel) throw notFound('This channel does not exist.');
  // A genre channel without a genre has nothing to list: it is not a page.
  if (channel.content_source === 'genre' && options.restriction === undefined) throw notFound('Choose a genre for this channel.');
  // Only genre channels take a restriction; any other would be an address that shows nothing new.
  if (channel.content_source !== 'genre' && options.restriction !== undefined) throw notFound('This channel does not exist.');
  return presentChannel(db, channel, options);
}

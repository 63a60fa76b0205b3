import type { ChannelRow, Db } from '@app/db';
import type * as usersRepository from '@app/db/accounts/users';
import * as channelsRepository from '@app/db/catalog/channels';
import { notFound } from '../common/errors.ts';
import { presentAlbums, presentArtists, presentTracks } from './catalog.service.ts';
import { presentPlaylists } from '../library/playlists.service.ts';

/**
 * Nested channels show a first page of their own; deeper nesting is not followed, so a loop can't
 * hang a page. channelTree() loads exactly these two levels.
 */
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

/** A channel of the page being built, and which slice of its content it shows. */
interface Node {
  channel: ChannelRow;
  depth: number;
  page: number;
  perPage: number;
  restriction: ChannelResource['restriction'];
  /** How many items its source gave: up to one more than a page, to tell whether there are more. */
  items: number;
  /** For channels of channels: the nested channels, already in order. */
  children?: Node[];
}

/** The slice a channel's content source gives, or none when the source lists nothing for its kind. */
function sliceOf(node: Node, genreId: number | undefined): channelsRepository.ChannelSlice | undefined {
  const { channel } = node;
  const model = channel.content_model;
  if (model === 'channel') return undefined;
  const page = { channelId: channel.id, offset: (node.page - 1) * node.perPage, limit: node.perPage + 1 };
  switch (channel.content_source) {
    case 'popular':
    case 'new':
      return model === 'genre' ? undefined : { ...page, source: channel.content_source, model };
    case 'genre':
      return genreId !== undefined && (model === 'track' || model === 'album') ? { ...page, source: 'genre', model, genreId } : undefined;
    default:
      return { ...page, source: 'manual', model };
  }
}

/**
 * A channel and its nested channels, built with a fixed number of queries whatever they hold:
 * the tree of channels, then one statement per kind of item for all sections together (each
 * section a part of a UNION ALL), with the relations the cards show.
 */
async function buildChannel(
  db: Db,
  tree: channelsRepository.ChannelTreeRow[],
  options: { page: number; perPage: number; restriction: ChannelResource['restriction']; genreId?: number },
): Promise<ChannelResource> {
  const root = tree.find((row) => row.depth === 0)!;
  const rootNode: Node = { channel: root, depth: 0, page: options.page, perPage: Math.min(options.perPage, root.items_limit), restriction: options.restriction, items: 0 };
  const nodes: Node[] = [rootNode];
  const nested = (parent: Node, depth: 1 | 2) => {
    const children = tree.filter((row) => row.parent_id === parent.channel.id && row.depth === depth).sort((a, b) => a.place - b.place);
    parent.items = children.length;
    parent.children = children.slice(0, parent.perPage).map((channel) => {
      // A nested channel shows the first page of its own limit.
      const node: Node = { channel, depth, page: 1, perPage: channel.items_limit, restriction: null, items: 0 };
      nodes.push(node);
      if (channel.content_model === 'channel' && channel.content_source === 'manual') {
        if (depth < MAX_DEPTH) nested(node, 2);
        // Too deep to show, but it still says whether it holds anything.
        else node.items = Math.min(channel.channels_count, channel.items_limit + 1);
      }
      return node;
    });
  };
  if (root.content_model === 'channel' && root.content_source === 'manual') nested(rootNode, 1);

  // A channel nested twice in one page shows the same first page each time: one slice serves both.
  const slices = new Map<number, { nodes: Node[]; slice: channelsRepository.ChannelSlice }>();
  for (const node of nodes) {
    const slice = sliceOf(node, node === rootNode ? options.genreId : undefined);
    if (slice) slices.set(node.channel.id, { nodes: [...(slices.get(node.channel.id)?.nodes ?? []), node], slice });
  }
  const ofKind = (model: channelsRepository.ChannelSlice['model']) => [...slices.values()].filter(({ slice }) => slice.model === model).map(({ slice }) => slice);

  const [tracks, artists, playlists, genres] = await Promise.all([
    channelsRepository.sectionTracks(db, ofKind('track')),
    channelsRepository.sectionArtists(db, ofKind('artist')),
    channelsRepository.sectionPlaylists(db, ofKind('playlist')),
    channelsRepository.sectionGenres(db, ofKind('genre')),
  ]);
  const albums = await channelsRepository.sectionAlbums(
    db,
    ofKind('album'),
    tracks.map(({ track }) => track.album_id).filter((id): id is number => id !== null),
  );

  const [presentedTracks, presentedAlbums, presentedArtists, presentedPlaylists] = await Promise.all([
    presentTracks(
      db,
      unique(tracks.map(({ track }) => track)),
      new Set(['artists', 'album', 'album.artists']),
      { artists: new Map(tracks.map(({ track, artists }) => [track.id, artists])), albums: albums.albums, albumArtists: albums.artists },
    ),
    presentAlbums(db, unique(albums.placed.map(({ album }) => album)), new Set(['artists']), new Set(), { artists: albums.artists }),
    presentArtists(db, unique(artists.map(({ artist }) => artist)), new Set()),
    presentPlaylists(
      db,
      unique(playlists.map(({ playlist }) => playlist)),
      {
        owners: new Map(playlists.flatMap(({ owner }) => (owner ? [[owner.id, owner] as [number, usersRepository.PublicUserRow]] : []))),
        stats: new Map(playlists.map(({ playlist, tracks_count, duration }) => [playlist.id, { count: tracks_count, duration }])),
        followers: new Map(playlists.map(({ playlist, followers_count }) => [playlist.id, followers_count])),
      },
    ),
  ]);

  const content = new Map<number, unknown[]>();
  const place = <T extends channelsRepository.SectionPlace, R>(rows: T[], present: (row: T) => R | undefined) => {
    const bySection = new Map<number, T[]>();
    for (const row of rows) {
      const list = bySection.get(row.section_id);
      if (list) list.push(row);
      else bySection.set(row.section_id, [row]);
    }
    for (const [sectionId, list] of bySection) {
      const { nodes, slice } = slices.get(sectionId)!;
      const ordered = list.sort((a, b) => a.section_place - b.section_place);
      for (const node of nodes) node.items = ordered.length;
      content.set(sectionId, ordered.slice(0, slice.limit - 1).map(present));
    }
  };
  const byId = <R extends { id: number }>(list: R[]) => new Map(list.map((item) => [item.id, item]));
  const trackById = byId(presentedTracks);
  const albumById = byId(presentedAlbums);
  const artistById = byId(presentedArtists);
  const playlistById = byId(presentedPlaylists);
  place(tracks, ({ track }) => trackById.get(track.id));
  place(albums.placed, ({ album }) => albumById.get(album.id));
  place(artists, ({ artist }) => artistById.get(artist.id));
  // Hand-picked playlists that were made private since drop out of public channels.
  place(playlists, ({ playlist }) => (playlist.public ? playlistById.get(playlist.id) : undefined));
  place(genres, ({ genre: { id, name, display_name, image } }) => ({ id, name, display_name, image }));

  const resource = (node: Node): ChannelResource => {
    const { channel, restriction } = node;
    const data = node.children ? node.children.map(resource) : (content.get(channel.id) ?? []).filter((item) => item !== undefined);
    return {
      id: channel.id,
      name: restriction ? `${restriction.display_name}` : channel.name,
      slug: channel.slug,
      description: channel.description,
      content_model: channel.content_model,
      layout: channel.layout,
      hide_title: Boolean(channel.hide_title),
      restriction,
      content: { data, current_page: node.page, per_page: node.perPage, has_more: node.items > node.perPage },
    };
  };
  return resource(rootNode);
}

function unique<T extends { id: number }>(rows: T[]): T[] {
  return [...new Map(rows.map((row) => [row.id, row])).values()];
}

export async function getChannel(db: Db, slugOrId: string, options: { page: number; perPage: number; restriction?: string }): Promise<ChannelResource> {
  const tree = await channelsRepository.channelTree(db, slugOrId, options.page, options.perPage);
  const channel = tree.find((row) => row.depth === 0);
  if (!channel) throw notFound('This channel does not exist.');
  // A genre channel without a genre has nothing to list: it is not a page.
  if (channel.content_source === 'genre' && options.restriction === undefined) throw notFound('Choose a genre for this channel.');
  // Only genre channels take a restriction; any other would be an address that shows nothing new.
  if (channel.content_source !== 'genre' && options.restriction !== undefined) throw notFound('This channel does not exist.');
  if (channel.content_source === 'genre' && options.restriction !== undefined) {
    const genre = await channelsRepository.findGenreByName(db, options.restriction);
    if (!genre) throw notFound('This genre does not exist.');
    const restriction = { name: genre.name, display_name: genre.display_name ?? genre.name };
    return buildChannel(db, tree, { page: options.page, perPage: options.perPage, restriction, genreId: genre.id });
  }
  return buildChannel(db, tree, { page: options.page, perPage: options.perPage, restriction: null });
}

import { msg } from '../i18n/messages.ts';

export const CONTENT_MODELS = [
  { id: 'track', name: msg('Tracks'), add: msg('Add tracks'), reference: 'tracks' },
  { id: 'album', name: msg('Albums'), add: msg('Add albums'), reference: 'albums' },
  { id: 'artist', name: msg('Artists'), add: msg('Add artists'), reference: 'artists' },
  { id: 'playlist', name: msg('Playlists'), add: msg('Add playlists'), reference: 'playlists' },
  { id: 'genre', name: msg('Genres'), add: msg('Add genres'), reference: 'genres' },
  { id: 'channel', name: msg('Channels'), add: msg('Add channels'), reference: 'channels' },
];

export const CONTENT_SOURCES = [
  { id: 'manual', name: msg('Hand-picked items') },
  { id: 'popular', name: msg('Most played') },
  { id: 'new', name: msg('Newest') },
  { id: 'genre', name: msg('A genre (chosen in the address)') },
];

export const LAYOUTS = [
  { id: 'grid', name: msg('Grid') },
  { id: 'carousel', name: msg('Carousel') },
  { id: 'list', name: msg('List') },
  { id: 'table', name: msg('Table') },
];

export const referenceOf = (model: string | undefined) => CONTENT_MODELS.find((m) => m.id === model)?.reference;

/** How an item of any kind is named in pickers and previews. */
export const itemLabel = (item: { name?: string; display_name?: string | null } | undefined) => item?.display_name || item?.name || '';

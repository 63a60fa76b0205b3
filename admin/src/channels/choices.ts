export const CONTENT_MODELS = [
  { id: 'track', name: 'Tracks', reference: 'tracks' },
  { id: 'album', name: 'Albums', reference: 'albums' },
  { id: 'artist', name: 'Artists', reference: 'artists' },
  { id: 'playlist', name: 'Playlists', reference: 'playlists' },
  { id: 'genre', name: 'Genres', reference: 'genres' },
  { id: 'channel', name: 'Channels', reference: 'channels' },
];

export const CONTENT_SOURCES = [
  { id: 'manual', name: 'Hand-picked items' },
  { id: 'popular', name: 'Most played' },
  { id: 'new', name: 'Newest' },
  { id: 'genre', name: 'A genre (chosen in the address)' },
];

export const LAYOUTS = [
  { id: 'grid', name: 'Grid' },
  { id: 'carousel', name: 'Carousel' },
  { id: 'list', name: 'List' },
  { id: 'table', name: 'Table' },
];

export const referenceOf = (model: string | undefined) => CONTENT_MODELS.find((m) => m.id === model)?.reference;

/** How an item of any kind is named in pickers and previews. */
export const itemLabel = (item: { name?: string; display_name?: string | null } | undefined) => item?.display_name || item?.name || '';

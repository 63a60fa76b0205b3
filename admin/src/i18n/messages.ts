import raEnglish from 'ra-language-english';

/**
 * The English names of the resources, "singular |||| plural" as react-admin asks for them
 * (`resources.<name>.name`, with a count). Menu items, page titles and notifications use them.
 */
const RESOURCE_NAMES: Record<string, string> = {
  tracks: 'Track |||| Tracks',
  albums: 'Album |||| Albums',
  artists: 'Artist |||| Artists',
  genres: 'Genre |||| Genres',
  users: 'User |||| Users',
  roles: 'Role |||| Roles',
  'outgoing-emails': 'Outgoing email |||| Outgoing emails',
  'schedule-runs': 'Schedule run |||| Schedule runs',
  files: 'File |||| Files',
  channels: 'Channel |||| Channels',
  playlists: 'Playlist |||| Playlists',
  lyrics: 'Lyrics |||| Lyrics',
  comments: 'Comment |||| Comments',
  tags: 'Tag |||| Tags',
  'custom-pages': 'Custom page |||| Custom pages',
  localizations: 'Localization |||| Localizations',
  ads: 'Ads |||| Ads',
  'backstage-requests': 'Backstage request |||| Backstage requests',
  subscriptions: 'Subscription |||| Subscriptions',
  plans: 'Plan |||| Plans',
};

type Nested = { [key: string]: string | Nested };

/**
 * What react-admin says after a save or a delete (`resources.<name>.notifications.updated`), in
 * the resource's own words: "Track updated", "3 tracks deleted", not "Element updated".
 */
function resourceMessages(label: string): Nested {
  const [one, many = one] = label.split(' |||| ');
  const several = many.toLowerCase();
  return {
    name: label,
    notifications: {
      created: `${one} created`,
      updated: `${one} updated |||| %{smart_count} ${several} updated`,
      deleted: `${one} deleted |||| %{smart_count} ${several} deleted`,
    },
  };
}

function flatten(messages: Nested, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value, path, into);
  }
  return into;
}

/**
 * react-admin's own messages by key (`ra.action.save` → `Save`), plus the resource names and
 * notifications. The back office shows these through the translator, which looks each English
 * text up in the lines of the current language; `pnpm ui-strings` lists them for translators.
 */
export const ENGLISH_MESSAGES: ReadonlyMap<string, string> = flatten({
  ...(raEnglish as unknown as Nested),
  ra: {
    ...(raEnglish.ra as unknown as Nested),
    // People log in with their email address.
    auth: { ...(raEnglish.ra.auth as unknown as Nested), username: 'Email' },
  },
  resources: Object.fromEntries(Object.entries(RESOURCE_NAMES).map(([name, label]) => [name, resourceMessages(label)])),
});

/**
 * `msg(text)` marks text that react-admin translates where it shows it (choices of a
 * select, messages of a validator, notifications): returned as is, and listed for translators by
 * `pnpm ui-strings`.
 */
export { msg } from '@app/shared/i18n/translate';

import { atom } from 'jotai';
import { currentUserId, goToLogin } from '../lib/current-user.ts';
import { msg } from '../lib/i18n.ts';
import { HttpError } from '../lib/http.ts';
import { islandApi, ok } from '../lib/island-api.ts';
import { appStore } from './store.ts';
import { toast } from './toast.atoms.ts';

/** The kinds a listener can keep, and the id lists the server keeps them in. */
export const LIBRARY_LISTS = {
  like: { track: 'liked_tracks', album: 'liked_albums' },
  follow: { artist: 'followed_artists', playlist: 'followed_playlists', user: 'followed_users' },
  repost: { track: 'reposted_tracks', album: 'reposted_albums' },
} as const;

export type LibraryAction = keyof typeof LIBRARY_LISTS;
export type LibraryKind<A extends LibraryAction> = keyof (typeof LIBRARY_LISTS)[A];
type ListName = { [A in LibraryAction]: (typeof LIBRARY_LISTS)[A][keyof (typeof LIBRARY_LISTS)[A]] }[LibraryAction];
export type LibraryIds = Record<ListName, number[]>;
type Toggle = { [A in LibraryAction]: { action: A; kind: LibraryKind<A> } }[LibraryAction];

/** Null until loaded (or for guests): buttons then show their "off" state. */
export const libraryIdsAtom = atom<LibraryIds | null>(null);

let loading: Promise<void> | null = null;

/**
 * Changes made on this page, in order. A load that was already on its way when the listener
 * pressed a heart must not undo it: the changes made since the load started are replayed on top.
 */
const edits: { list: ListName; id: number; on: boolean }[] = [];

const EMPTY_IDS: LibraryIds = { liked_tracks: [], liked_albums: [], followed_artists: [], followed_playlists: [], followed_users: [], reposted_tracks: [], reposted_albums: [] };

function applyEdit(ids: LibraryIds, edit: { list: ListName; id: number; on: boolean }): LibraryIds {
  const without = ids[edit.list].filter((value) => value !== edit.id);
  return { ...ids, [edit.list]: edit.on ? [...without, edit.id] : without };
}

/** Loads the listener's library ids once per page session; every heart on the page reads them. */
export function loadLibraryIds(): Promise<void> {
  const since = edits.length;
  loading ??= ok(islandApi.users.me.library.ids.$get())
    .then((ids) => appStore.set(libraryIdsAtom, edits.slice(since).reduce(applyEdit, ids)))
    .catch(() => {
      loading = null;
    });
  return loading;
}

/** The server's sets behind each action: PUT adds an item to one, DELETE takes it out. */
function saveToggle({ action, kind }: Toggle, id: number, on: boolean) {
  const method = on ? '$put' : '$delete';
  if (action === 'like') return ok(islandApi.users.me.likes[':type'][':id'][method]({ param: { type: kind, id: String(id) } }));
  if (action === 'follow') return ok(islandApi.users.me.follows[':type'][':id'][method]({ param: { type: kind, id: String(id) } }));
  return ok(islandApi.users.me.reposts[':type'][':id'][method]({ param: { type: kind, id: String(id) } }));
}

const MESSAGES: Record<LibraryAction, [on: string, off: string]> = {
  like: [msg('Added to your library'), msg('Removed from your library')],
  follow: [msg('Following'), msg('Unfollowed')],
  repost: [msg('Reposted to your profile'), msg('Repost removed')],
};

/**
 * Adds or removes an item at once on screen, then on the server; a refusal puts it back and says
 * why. Answers the message to announce (already translated by the caller's `t`).
 */
export async function setInLibrary<A extends LibraryAction>(action: A, kind: LibraryKind<A>, id: number, on: boolean, t: (key: string) => string): Promise<void> {
  const list = (LIBRARY_LISTS[action] as Record<string, ListName>)[kind as string];
  const update = (add: boolean) => {
    edits.push({ list, id, on: add });
    appStore.set(libraryIdsAtom, (ids) => applyEdit(ids ?? EMPTY_IDS, { list, id, on: add }));
  };
  update(on);
  try {
    // `kind` belongs to `action` (the signature says so), which TypeScript cannot carry into the union.
    await saveToggle({ action, kind } as Toggle, id, on);
    toast(t(MESSAGES[action][on ? 0 : 1]));
  } catch (error) {
    update(!on);
    if (error instanceof HttpError && error.status === 401) {
      goToLogin();
      return;
    }
    toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again.'));
  }
}

/** What the one add-to-playlist dialog of the page is asked to add, if anything. */
export const addToPlaylistAtom = atom<{ trackIds: number[]; name: string } | null>(null);

/** Opens the add-to-playlist dialog from anywhere: a page button, a track menu, the player. */
export function requestAddToPlaylist(trackIds: number[], name: string): void {
  if (currentUserId() === null) {
    goToLogin();
    return;
  }
  appStore.set(addToPlaylistAtom, { trackIds, name });
}

import { LIBRARY_LISTS, libraryIdsAtom, loadLibraryIds, setInLibrary, type LibraryAction, type LibraryIds } from '../stores/library.atoms.ts';
import { appStore } from '../stores/store.ts';
import { currentUserId, goToLogin } from './current-user.ts';
import { translator } from './i18n.ts';
import { pageBootstrap } from './page-bootstrap.ts';

const SELECTOR = 'button[data-library-kind]';

/** The list of the listener's library a card's button stands for, if the pair is a real one. */
function listOf(button: HTMLButtonElement): keyof LibraryIds | undefined {
  const lists = LIBRARY_LISTS[button.dataset.libraryAction as LibraryAction] as Record<string, keyof LibraryIds> | undefined;
  return lists?.[button.dataset.libraryKind ?? ''];
}

/** The page's interface lines, for the messages shown after a change. */
function pageTranslator() {
  return translator(pageBootstrap().i18n?.lines ?? {});
}

/** Every card button shows what the library holds; people get none for their own things. */
function sync(): void {
  const ids = appStore.get(libraryIdsAtom);
  const me = currentUserId();
  for (const button of document.querySelectorAll<HTMLButtonElement>(SELECTOR)) {
    const list = listOf(button);
    const on = Boolean(list && ids?.[list].includes(Number(button.dataset.libraryId)));
    button.setAttribute('aria-pressed', String(on));
    const label = (on ? button.dataset.labelOn : button.dataset.labelOff) ?? '';
    button.setAttribute('aria-label', label);
    button.title = label;
    const owner = button.dataset.libraryKind === 'user' ? button.dataset.libraryId : button.dataset.ownerId;
    button.hidden = me !== null && owner !== undefined && Number(owner) === me;
  }
}

/**
 * Like and follow buttons on album, artist, playlist and user cards are plain HTML, like the play
 * buttons (see card-play.ts): one listener on the document toggles them, and they follow the
 * listener's library, which the page's other hearts share, so they all agree.
 */
export function setupCardLibrary(): void {
  const ready = () => {
    document.documentElement.dataset.cardLibrary = 'ready';
    if (currentUserId() !== null && document.querySelector(SELECTOR)) void loadLibraryIds();
    sync();
  };
  ready();
  // Page swaps bring new cards (and replace the <html> attributes).
  document.addEventListener('astro:after-swap', ready);
  appStore.sub(libraryIdsAtom, sync);

  document.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>(SELECTOR);
    if (!button) return;
    event.preventDefault();
    const action = button.dataset.libraryAction as LibraryAction;
    const id = Number(button.dataset.libraryId);
    if (!listOf(button) || !Number.isSafeInteger(id)) return;
    if (currentUserId() === null) {
      goToLogin();
      return;
    }
    const on = button.getAttribute('aria-pressed') === 'true';
    void setInLibrary(action, button.dataset.libraryKind as never, id, !on, pageTranslator());
  });
}

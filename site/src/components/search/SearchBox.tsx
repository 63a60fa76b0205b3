import './SearchBox.css';
import type { SearchResponse } from '@app/api';
import { navigate } from 'astro:transitions/client';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { albumUrl, artistUrl, playlistUrl, searchUrl, tagUrl, trackUrl, userUrl } from '../../lib/slug.ts';
import Icon from '../Icon.tsx';

/** Typing faster than this sends no request; each keystroke after that cancels the one in flight. */
export const SUGGESTION_DELAY_MS = 200;
const SUGGESTIONS_PER_TYPE = 3;
const MAX_LENGTH = 255;

interface Props {
  lines: Lines;
  /** The navbar box, or the large one of the /search page. */
  variant: 'navbar' | 'page';
  initialQuery?: string;
}

interface Suggestion {
  url: string;
  label: string;
  detail: string;
  image: string | null;
  round?: boolean;
}

interface Group {
  key: string;
  label: string;
  items: Suggestion[];
}

type Translate = ReturnType<typeof translator>;

const names = (list: { name: string }[] | undefined) => (list ?? []).map((item) => item.name).join(', ');

function toGroups(results: SearchResponse['results'], t: Translate): Group[] {
  const groups: Group[] = [
    {
      key: 'artists',
      label: t('Artists'),
      items: (results.artists ?? []).map((a) => ({ url: artistUrl(a), label: a.name, detail: t('Artist'), image: a.image, round: true })),
    },
    {
      key: 'tracks',
      label: t('Tracks'),
      items: (results.tracks ?? []).map((track) => ({
        url: trackUrl(track),
        label: track.name,
        detail: [t('Track'), names(track.artists)].filter(Boolean).join(' · '),
        image: track.album?.image ?? null,
      })),
    },
    {
      key: 'albums',
      label: t('Albums'),
      items: (results.albums ?? []).map((album) => ({ url: albumUrl(album), label: album.name, detail: [t('Album'), names(album.artists)].filter(Boolean).join(' · '), image: album.image })),
    },
    {
      key: 'playlists',
      label: t('Playlists'),
      items: (results.playlists ?? []).map((p) => ({ url: playlistUrl(p), label: p.name, detail: [t('Playlist'), p.owner.name].filter(Boolean).join(' · '), image: p.image })),
    },
    {
      key: 'users',
      label: t('Users'),
      items: (results.users ?? []).map((user) => ({ url: userUrl(user), label: user.name, detail: t('User'), image: user.image, round: true })),
    },
    {
      key: 'tags',
      label: t('Tags'),
      items: (results.tags ?? []).map((tag) => ({ url: tagUrl(tag), label: tag.display_name || tag.name, detail: t('Tag'), image: null })),
    },
  ];
  return groups.filter((group) => group.items.length > 0);
}

/** Suggestions start at two characters, or one that is not a Latin letter or digit (東). */
function worthSuggesting(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length >= 2 || (trimmed.length === 1 && !/^[a-z0-9]$/i.test(trimmed));
}

/**
 * The search field with suggestions as you type (ARIA combobox with a listbox popup). Before the
 * island hydrates it is a plain GET form to /search, so searching works without JavaScript too.
 */
export default function SearchBox({ lines, variant, initialQuery = '' }: Props) {
  const t = translator(lines);
  const id = `search-${variant}${useId().replace(/:/g, '')}`;
  const listboxId = `${id}-listbox`;
  const [text, setText] = useState(initialQuery);
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [answered, setAnswered] = useState('');
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** Bumped to ask for suggestions of text that was not typed here (the query of a results page). */
  const [asked, setAsked] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLFormElement>(null);
  const typed = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: t is rebuilt each render from the same lines; the text alone decides when to ask
  useEffect(() => {
    if (!typed.current) return;
    const query = text.trim();
    if (!worthSuggesting(query)) {
      setGroups(null);
      setFailed(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await ok(islandApi.search.$get({ query: { query: query.slice(0, MAX_LENGTH), limit: SUGGESTIONS_PER_TYPE } }, { init: { signal: controller.signal } }));
        setGroups(toGroups(response.results, t));
        setAnswered(query);
        setFailed(false);
        setActive(-1);
      } catch (error) {
        if (controller.signal.aborted) return;
        setGroups(null);
        setFailed(true);
        console.warn('Search suggestions failed', error);
      }
    }, SUGGESTION_DELAY_MS);
    // Typing on (or leaving the page) cancels both the pending timer and the request in flight.
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, asked]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const query = text.trim();
  const items: Suggestion[] = [
    ...(groups ?? []).flatMap((group) => group.items),
    ...(query ? [{ url: searchUrl(query), label: t('See all results for ":query"', { query }), detail: '', image: null }] : []),
  ];
  const showPopup = open && worthSuggesting(query) && (groups !== null || failed);
  const optionId = (index: number) => `${id}-option-${index}`;

  const go = (url: string) => {
    setOpen(false);
    setActive(-1);
    void navigate(url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!showPopup) {
        setOpen(true);
        if (groups === null && !typed.current) {
          typed.current = true;
          setAsked((n) => n + 1);
        }
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        const next = current + step;
        if (next < -1) return items.length - 1;
        if (next >= items.length) return -1;
        return next;
      });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(showPopup && active >= 0 && items[active] ? items[active].url : searchUrl(query));
    } else if (event.key === 'Escape') {
      if (showPopup) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText('');
      }
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  let index = 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the search landmark older browsers know too; <search> is recent
    <form
      ref={rootRef}
      role="search"
      className={`search-box search-box-${variant}`}
      action="/search"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        go(searchUrl(query));
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        {t('Search')}
      </label>
      <span className="search-icon" aria-hidden="true">
        <Icon name="search" />
      </span>
      <input
        ref={inputRef}
        id={id}
        name="query"
        type="text"
        inputMode="search"
        enterKeyHint="search"
        role="combobox"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={MAX_LENGTH}
        placeholder={variant === 'page' ? t('Artists, albums, tracks, playlists, users and tags') : t('Search')}
        aria-autocomplete="list"
        aria-expanded={showPopup}
        aria-controls={listboxId}
        aria-activedescendant={showPopup && active >= 0 ? optionId(active) : undefined}
        value={text}
        // biome-ignore lint/a11y/noAutofocus: on the search page the field is what the visitor came for (the header's box does not take focus)
        autoFocus={variant === 'page'}
        onChange={(event) => {
          typed.current = true;
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {text && (
        <button
          type="button"
          className="icon-button search-clear"
          aria-label={t('Clear search')}
          onClick={() => {
            setText('');
            inputRef.current?.focus();
          }}
        >
          <Icon name="close" />
        </button>
      )}
      <div className="search-popup" hidden={!showPopup}>
        <div role="listbox" id={listboxId} aria-label={t('Suggestions')}>
          {(groups ?? []).map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: ARIA allows only groups and options inside a listbox; a fieldset is neither
            <div role="group" key={group.key} aria-labelledby={`${id}-${group.key}`}>
              <div className="search-group-label" role="presentation" id={`${id}-${group.key}`}>
                {group.label}
              </div>
              {group.items.map((item) => {
                const i = index++;
                return <Option key={item.url} item={item} id={optionId(i)} selected={i === active} onPick={() => go(item.url)} onHover={() => setActive(i)} />;
              })}
            </div>
          ))}
          {groups !== null && groups.length === 0 && answered === query && (
            <div className="search-empty" role="presentation">
              {t('No results for ":query"', { query })}
            </div>
          )}
          {failed && (
            <div className="search-empty" role="presentation">
              {t('Suggestions are unavailable right now.')}
            </div>
          )}
          {query && (
            <Option
              item={items[items.length - 1]}
              id={optionId(items.length - 1)}
              selected={active === items.length - 1}
              onPick={() => go(searchUrl(query))}
              onHover={() => setActive(items.length - 1)}
            />
          )}
        </div>
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {showPopup && groups !== null ? t(':count suggestion |||| :count suggestions', { count: items.length - 1 }) : ''}
      </div>
    </form>
  );
}

function Option({ item, id, selected, onPick, onHover }: { item: Suggestion; id: string; selected: boolean; onPick: () => void; onHover: () => void }) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox field handles the keys for its options
    // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the combobox field, which points at the active option (aria-activedescendant)
    <div
      role="option"
      id={id}
      aria-selected={selected}
      className={`search-option${selected ? ' active' : ''}`}
      // Keep focus in the field, so the list stays a popup of the combobox.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPick}
      onMouseMove={onHover}
    >
      {item.detail ? (
        <span className={`search-thumb${item.round ? ' round' : ''}`} aria-hidden="true">
          {item.image ? <img src={item.image} alt="" width={36} height={36} loading="lazy" /> : <Icon name="music" />}
        </span>
      ) : (
        <span className="search-thumb plain" aria-hidden="true">
          <Icon name="search" />
        </span>
      )}
      <span className="search-option-text">
        <span className="search-option-label">{item.label}</span>
        {item.detail && <span className="search-option-detail">{item.detail}</span>}
      </span>
    </div>
  );
}

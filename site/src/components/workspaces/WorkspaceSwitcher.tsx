import { navigate } from 'astro:transitions/client';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ACTIVE_WORKSPACE_COOKIE, ACTIVE_WORKSPACE_DAYS, writeCookie } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

export interface WorkspaceChoice {
  id: number;
  name: string;
  members_count: number;
}

interface Props {
  lines: Lines;
  workspaces: WorkspaceChoice[];
  activeId: number;
}

/** Remembers the choice for 7 days and renders the page again in that workspace. */
export async function activateWorkspace(id: number) {
  writeCookie(ACTIVE_WORKSPACE_COOKIE, String(id), ACTIVE_WORKSPACE_DAYS);
  await navigate(`${location.pathname}${location.search}`, { history: 'replace' });
}

/** The navbar's workspace menu, for users who belong to a team besides their personal workspace. */
export default function WorkspaceSwitcher({ lines, workspaces, activeId }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const active = workspaces.find((workspace) => workspace.id === activeId) ?? workspaces[0];

  useEffect(() => {
    if (!open) return;
    (menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]') ?? menuRef.current?.querySelector<HTMLElement>('[role^="menuitem"]'))?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!menuRef.current?.parentElement?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      entries[(index + (event.key === 'ArrowDown' ? 1 : -1) + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="dropdown workspace-switcher">
      <button
        ref={triggerRef}
        type="button"
        className="dropdown-trigger"
        disabled={!hydrated}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('Workspace: :name', { name: active.id === 0 ? t('Default') : active.name })}
        onClick={() => setOpen(!open)}
        data-testid="workspace-switcher"
      >
        <span className="workspace-badge" aria-hidden="true">
          {(active.id === 0 ? t('Default') : active.name).slice(0, 1).toUpperCase()}
        </span>
        <span className="name">{active.id === 0 ? t('Default') : active.name}</span>
      </button>
      {open && (
        <ul className="dropdown-menu" role="menu" id={menuId} ref={menuRef} onKeyDown={onMenuKey} aria-label={t('Workspaces')}>
          {workspaces.map((workspace) => (
            <li key={workspace.id} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={workspace.id === active.id}
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
                  if (workspace.id !== active.id) void activateWorkspace(workspace.id);
                }}
              >
                <span className="workspace-name">{workspace.id === 0 ? t('Default') : workspace.name}</span>
                <span className="muted small">{workspace.members_count === 1 ? t('1 member') : t(':count members', { count: workspace.members_count })}</span>
              </button>
            </li>
          ))}
          <li role="none">
            {/* biome-ignore lint/a11y/useValidAnchor: a real link to the settings page; the click only closes the menu on the way */}
            <a role="menuitem" href="/account-settings#workspaces" tabIndex={-1} onClick={() => setOpen(false)}>
              {t('Manage workspaces')}
            </a>
          </li>
        </ul>
      )}
    </div>
  );
}

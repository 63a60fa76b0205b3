import '../dropdown.css';
import './workspaces.css';
import { navigate } from 'astro:transitions/client';
import { ACTIVE_WORKSPACE_COOKIE, ACTIVE_WORKSPACE_DAYS, writeCookie } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useMenuButton } from '../../lib/use-menu-button.ts';

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
  const { open, setOpen, triggerProps, menuProps } = useMenuButton();
  const active = workspaces.find((workspace) => workspace.id === activeId) ?? workspaces[0];

  return (
    <div className="dropdown workspace-switcher">
      <button
        {...triggerProps}
        type="button"
        className="dropdown-trigger"
        disabled={!hydrated}
        aria-label={t('Workspace: :name', { name: active.id === 0 ? t('Default') : active.name })}
        data-testid="workspace-switcher"
      >
        <span className="workspace-badge" aria-hidden="true">
          {(active.id === 0 ? t('Default') : active.name).slice(0, 1).toUpperCase()}
        </span>
        <span className="name">{active.id === 0 ? t('Default') : active.name}</span>
      </button>
      {open && (
        <ul {...menuProps} className="dropdown-menu" aria-label={t('Workspaces')}>
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

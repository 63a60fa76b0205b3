import '../account/account.css';
import './workspaces.css';
import { useEffect, useState, type SubmitEvent } from 'react';
import type { InferResponseType } from 'hono/client';
import { HttpError } from '../../lib/http.ts';
import { msg } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { Section } from '../account/Section.tsx';
import type { Translate } from '../account/types.ts';
import { activateWorkspace } from './WorkspaceSwitcher.tsx';

type Details = InferResponseType<(typeof islandApi.workspace)[':id']['$get'], 200>;
type Role = Details['workspace']['role'];

const RANK: Record<Role, number> = { member: 1, admin: 2, owner: 3 };

const fail = (t: Translate) => (error: unknown) => void toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again.'));

/** Account settings: the user's workspaces, which one is active, and for teams their members and invitations. */
export function WorkspacesSection({ t, userId }: { t: Translate; userId: number }) {
  const [workspaces, setWorkspaces] = useState<Details['workspace'][] | null>(null);
  const [activeId, setActiveId] = useState(0);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  const load = () =>
    ok(islandApi.me.workspaces.$get()).then(
      (response) => {
        setWorkspaces(response.workspaces);
        setActiveId(response.active_workspace_id);
      },
      (error) => void fail(t)(error),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once when shown; load is rebuilt each render
  useEffect(() => void load(), []);

  const create = async (event: SubmitEvent) => {
    event.preventDefault();
    setNameError(null);
    if (!name.trim()) return setNameError(t('Give the workspace a name.'));
    try {
      const { workspace } = await ok(islandApi.workspace.$post({ json: { name } }));
      setName('');
      toast(t('Workspace created'));
      await load();
      setOpenId(workspace.id);
    } catch (error) {
      if (error instanceof HttpError && error.errors.name) setNameError(error.errors.name);
      else fail(t)(error);
    }
  };

  /** After leaving or deleting: the list changes, and a workspace that was active is no longer. */
  const gone = async (id: number) => {
    setOpenId(null);
    if (id === activeId) await activateWorkspace(0);
    else await load();
  };

  return (
    <Section id="workspaces" title={t('Workspaces')} description={t('Share a workspace with your team. Invite people by email; they join when they accept.')}>
      {workspaces && (
        <ul className="workspace-list">
          {workspaces.map((workspace) => (
            <li key={workspace.id} data-testid="workspace-row">
              <div className="workspace-summary">
                <strong className="workspace-name">{workspace.id === 0 ? t('Default') : workspace.name}</strong>
                <span className="muted small">
                  {workspace.members_count === 1 ? t('1 member') : t(':count members', { count: workspace.members_count })}
                  {workspace.id !== 0 && ` · ${t(roleLabel(workspace.role))}`}
                </span>
                {workspace.id === activeId ? (
                  <span className="workspace-active">{t('Active')}</span>
                ) : (
                  <button type="button" className="button" onClick={() => activateWorkspace(workspace.id)} aria-label={t('Switch to :name', { name: workspace.id === 0 ? t('Default') : workspace.name })}>
                    {t('Switch')}
                  </button>
                )}
                {workspace.id !== 0 && (
                  <button type="button" className="button" aria-expanded={openId === workspace.id} aria-controls={`workspace-${workspace.id}`} onClick={() => setOpenId(openId === workspace.id ? null : workspace.id)}>
                    {t('Manage')}
                  </button>
                )}
              </div>
              {openId === workspace.id && <WorkspaceManager t={t} workspaceId={workspace.id} userId={userId} onChanged={load} onGone={() => gone(workspace.id)} />}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={create} noValidate className="workspace-create">
        <div className="field">
          <label htmlFor="workspace-name">{t('New workspace name')}</label>
          <input id="workspace-name" type="text" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} required aria-invalid={Boolean(nameError)} aria-describedby={nameError ? 'workspace-name-error' : undefined} />
          {nameError && <span id="workspace-name-error" className="field-error">{nameError}</span>}
        </div>
        <button type="submit" className="button primary">
          {t('Create workspace')}
        </button>
      </form>
    </Section>
  );
}

function roleLabel(role: Role): string {
  return role === 'owner' ? msg('Owner') : role === 'admin' ? msg('Admin') : msg('Member');
}

/** One team: rename, members and their roles, invitations, leave or delete, as the user's role allows. */
function WorkspaceManager({ t, workspaceId, userId, onChanged, onGone }: { t: Translate; workspaceId: number; userId: number; onChanged: () => Promise<void>; onGone: () => Promise<void> }) {
  const [details, setDetails] = useState<Details | null>(null);
  const [rename, setRename] = useState('');
  const [emails, setEmails] = useState('');
  const [inviteRole, setInviteRole] = useState<'admin' | 'member'>('member');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);

  const load = () =>
    ok(islandApi.workspace[':id'].$get({ param: { id: String(workspaceId) } })).then(
      (response) => {
        setDetails(response);
        setRename(response.workspace.name);
      },
      (error) => void fail(t)(error),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again only for another workspace; load is rebuilt each render
  useEffect(() => void load(), [workspaceId]);

  if (!details) return <p className="muted small">{t('Loading…')}</p>;
  const { workspace, members, invites } = details;
  const manager = RANK[workspace.role] >= RANK.admin;
  const prefix = `workspace-${workspace.id}`;
  // Each address is checked on its own: the first bad one is reported as emails.N.
  const emailsError = errors.emails ?? Object.entries(errors).find(([field]) => field.startsWith('emails.'))?.[1];

  const run = async (action: () => Promise<unknown>, message: string) => {
    setErrors({});
    try {
      await action();
      toast(message);
      await Promise.all([load(), onChanged()]);
    } catch (error) {
      if (error instanceof HttpError && Object.keys(error.errors).length) setErrors(error.errors);
      else fail(t)(error);
    }
  };

  const submitRename = (event: SubmitEvent) => {
    event.preventDefault();
    if (!rename.trim()) return setErrors({ name: t('Give the workspace a name.') });
    void run(() => ok(islandApi.workspace[':id'].$put({ param: { id: String(workspace.id) }, json: { name: rename } })), t('Workspace renamed'));
  };

  const submitInvite = (event: SubmitEvent) => {
    event.preventDefault();
    const list = emails.split(/[\s,;]+/).filter(Boolean);
    if (!list.length) return setErrors({ emails: t('Enter at least one email address.') });
    void run(async () => {
      await ok(islandApi.workspace[':id'].invite.$post({ param: { id: String(workspace.id) }, json: { emails: list, role: inviteRole } }));
      setEmails('');
    }, list.length === 1 ? t('Invitation sent') : t('Invitations sent'));
  };

  const removeOrLeave = async () => {
    try {
      if (workspace.role === 'owner') {
        await ok(islandApi.workspace[':id'].$delete({ param: { id: String(workspace.id) } }));
        toast(t('Workspace deleted'));
      } else {
        await ok(islandApi.workspace[':id'].member[':userId'].$delete({ param: { id: String(workspace.id), userId: String(userId) } }));
        toast(t('You left the workspace'));
      }
      await onGone();
    } catch (error) {
      fail(t)(error);
    }
  };

  const errorOf = (field: string) =>
    errors[field] ? (
      <span id={`${prefix}-${field}-error`} className="field-error">
        {errors[field]}
      </span>
    ) : null;

  return (
    <div className="workspace-manager" id={prefix}>
      {manager && (
        <form onSubmit={submitRename} noValidate className="workspace-inline-form">
          <div className="field">
            <label htmlFor={`${prefix}-name`}>{t('Workspace name')}</label>
            <input id={`${prefix}-name`} type="text" value={rename} onChange={(e) => setRename(e.currentTarget.value)} maxLength={100} required aria-invalid={Boolean(errors.name)} aria-describedby={errors.name ? `${prefix}-name-error` : undefined} />
            {errorOf('name')}
          </div>
          <button type="submit" className="button">
            {t('Rename')}
          </button>
        </form>
      )}

      <h3>{t('Members')}</h3>
      <ul className="session-list" aria-label={t('Members of :name', { name: workspace.name })}>
        {members.map((member) => (
          <li key={member.id} data-testid="workspace-member">
            <span>
              <strong>{member.display_name}</strong> <span className="muted small">{member.email}</span>
            </span>
            {member.id !== userId && member.role !== 'owner' && (workspace.role === 'owner' || (workspace.role === 'admin' && member.role === 'member')) ? (
              <select
                aria-label={t('Role of :name', { name: member.display_name })}
                value={member.role}
                onChange={(e) => {
                  const role = e.currentTarget.value as 'admin' | 'member';
                  void run(() => ok(islandApi.workspace[':id'].member[':userId']['change-role'].$post({ param: { id: String(workspace.id), userId: String(member.id) }, json: { role } })), t('Role changed'));
                }}
              >
                <option value="member">{t('Member')}</option>
                <option value="admin">{t('Admin')}</option>
              </select>
            ) : (
              <span className="muted small">{t(roleLabel(member.role))}</span>
            )}
            {member.id !== userId && member.can_remove && (
              <button type="button" className="button" onClick={() => run(() => ok(islandApi.workspace[':id'].member[':userId'].$delete({ param: { id: String(workspace.id), userId: String(member.id) } })), t('Member removed'))} aria-label={t('Remove :name', { name: member.display_name })}>
                {t('Remove')}
              </button>
            )}
          </li>
        ))}
      </ul>

      {manager && (
        <>
          {invites.length > 0 && (
            <>
              <h3>{t('Pending invitations')}</h3>
              <ul className="session-list">
                {invites.map((invite) => (
                  <li key={invite.id} data-testid="workspace-invite">
                    <span>{invite.email}</span>
                    <span className="muted small">
                      {t(roleLabel(invite.role))}
                      {invite.expired && ` · ${t('Expired')}`}
                    </span>
                    <button type="button" className="button" onClick={() => run(() => ok(islandApi.workspace[':id'].invite[':inviteId'].$delete({ param: { id: String(workspace.id), inviteId: String(invite.id) } })), t('Invitation cancelled'))} aria-label={t('Cancel the invitation of :email', { email: invite.email })}>
                      {t('Cancel')}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
          <form onSubmit={submitInvite} noValidate className="workspace-inline-form">
            <div className="field">
              <label htmlFor={`${prefix}-emails`}>{t('Invite by email')}</label>
              <input
                id={`${prefix}-emails`}
                type="text"
                inputMode="email"
                autoComplete="off"
                placeholder={t('name@example.com, another@example.com')}
                value={emails}
                onChange={(e) => setEmails(e.currentTarget.value)}
                aria-invalid={Boolean(emailsError)}
                aria-describedby={emailsError ? `${prefix}-emails-error` : undefined}
              />
              {emailsError && (
                <span id={`${prefix}-emails-error`} className="field-error">
                  {emailsError}
                </span>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${prefix}-role`}>{t('Role')}</label>
              <select id={`${prefix}-role`} value={inviteRole} onChange={(e) => setInviteRole(e.currentTarget.value as 'admin' | 'member')}>
                <option value="member">{t('Member')}</option>
                <option value="admin">{t('Admin')}</option>
              </select>
            </div>
            <button type="submit" className="button primary">
              {t('Send invitation')}
            </button>
          </form>
        </>
      )}

      <div className="workspace-danger">
        {confirming ? (
          <div className="dialog-actions" style={{ justifyContent: 'flex-start' }}>
            <button type="button" className="button danger" onClick={removeOrLeave}>
              {workspace.role === 'owner' ? t('Yes, delete :name', { name: workspace.name }) : t('Yes, leave :name', { name: workspace.name })}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('Cancel')}
            </button>
          </div>
        ) : (
          <button type="button" className="button danger" onClick={() => setConfirming(true)}>
            {workspace.role === 'owner' ? t('Delete workspace') : t('Leave workspace')}
          </button>
        )}
      </div>
    </div>
  );
}

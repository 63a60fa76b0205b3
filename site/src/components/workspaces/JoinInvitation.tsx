import './workspaces.css';
import { navigate } from 'astro:transitions/client';
import { useState } from 'react';
import { HttpError } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { toast } from '../../stores/toast.atoms.ts';

interface Props {
  lines: Lines;
  inviteId: string;
  workspaceName: string;
  invitedBy: string | null;
}

/** A logged-in invitee's answer to an invitation: Join or Decline (spec §4). */
export default function JoinInvitation({ lines, inviteId, workspaceName, invitedBy }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);

  const answer = async (join: boolean) => {
    setPending(true);
    try {
      // The typed client puts params into the path as they are.
      const param = { inviteId: encodeURIComponent(inviteId) };
      if (join) await ok(islandApi.workspace.join[':inviteId'].$get({ param }));
      else await ok(islandApi.workspace.invite[':inviteId'].$delete({ param }));
      toast(join ? t('Joined workspace') : t('Declined workspace invitation'));
      await navigate('/', { history: 'replace' });
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) setInvalid(t('This invite is no longer valid'));
      else toast.danger(error instanceof Error ? t(error.message) : t('There was an issue. Please try again.'));
      setPending(false);
    }
  };

  if (invalid) {
    return (
      <div role="alert" data-testid="invite-invalid">
        <p>{invalid}</p>
        <a className="button primary" href="/">
          {t('Take me there!')}
        </a>
      </div>
    );
  }

  return (
    <div data-testid="workspace-invitation">
      <p>
        {invitedBy
          ? t(':name invited you to join the :workspace workspace.', { name: invitedBy, workspace: workspaceName })
          : t('You were invited to join the :workspace workspace.', { workspace: workspaceName })}
      </p>
      <div className="invite-actions">
        <button type="button" className="button primary" disabled={!hydrated || pending} onClick={() => answer(true)}>
          {t('Join')}
        </button>
        <button type="button" className="button" disabled={!hydrated || pending} onClick={() => answer(false)}>
          {t('Decline')}
        </button>
      </div>
    </div>
  );
}

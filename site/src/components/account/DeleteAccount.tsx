import { useState } from 'react';
import { islandApi, ok } from '../../lib/island-api.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { Section } from './Section.tsx';
import type { Translate } from './types.ts';

export function DeleteAccount({ t, userId, withConfirmation }: { t: Translate; userId: number; withConfirmation: (action: () => Promise<void>) => Promise<void> }) {
  const [sure, setSure] = useState(false);
  const remove = () =>
    withConfirmation(async () => {
      await ok(islandApi.users[':id'].$delete({ param: { id: String(userId) }, query: { deleteCurrentUser: 'true' } }));
      window.location.assign('/');
    }).catch((error) => toast.danger((error as Error).message));

  return (
    <Section id="delete-account" title={t('Danger zone')} description={t('Delete your account and everything in it. This cannot be undone.')} danger>
      {sure ? (
        <div className="dialog-actions" style={{ justifyContent: 'flex-start' }}>
          <button type="button" className="button danger" onClick={remove}>
            {t('Yes, delete my account')}
          </button>
          <button type="button" className="button" onClick={() => setSure(false)}>
            {t('Cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="button danger" onClick={() => setSure(true)}>
          {t('Delete account')}
        </button>
      )}
    </Section>
  );
}

import './account.css';
import { useEffect, useState } from 'react';
import type { InferResponseType } from 'hono/client';
import { HttpError } from '../../lib/http.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { relativeTime } from '../../lib/relative-time.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { Section } from './Section.tsx';
import { ShownOnceSecret } from './ShownOnceSecret.tsx';
import type { Translate } from './types.ts';

type Token = InferResponseType<(typeof islandApi)['access-tokens']['$get'], 200>['tokens'][number];

/** API tokens: the plain text is shown once, right after creation. */
export function Developers({ t, language, withConfirmation }: { t: Translate; language: string; withConfirmation: (action: () => Promise<void>) => Promise<void> }) {
  const [tokens, setTokens] = useState<Token[]>([]);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  const load = () => ok(islandApi['access-tokens'].$get()).then((r) => setTokens(r.tokens), (e: Error) => toast.danger(e.message));
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once when shown; load is rebuilt each render
  useEffect(() => void load(), []);

  const create = () =>
    withConfirmation(async () => {
      const response = await ok(islandApi['access-tokens'].$post({ json: { tokenName: name } }));
      setCreated(response.plainTextToken);
      setName('');
      await load();
    }).catch((error) => {
      if (error instanceof HttpError && error.errors.tokenName) setNameError(error.errors.tokenName);
      else toast.danger((error as Error).message);
    });

  const remove = (token: Token) =>
    withConfirmation(async () => {
      await ok(islandApi['access-tokens'][':id'].$delete({ param: { id: String(token.id) } }));
      toast(t('Token deleted'));
      await load();
    }).catch((error) => toast.danger((error as Error).message));


  return (
    <Section id="developers" title={t('API tokens')} description={t('Tokens let scripts and other apps use the API on your behalf. Send one as "Authorization: Bearer <token>".')}>
      {created && <ShownOnceSecret t={t} notice={t("Copy your new token now. For your security, it won't be shown again.")} value={created} testId="plain-text-token" />}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setNameError(null);
          if (!name.trim()) return setNameError(t('Enter a token name.'));
          void create();
        }}
        noValidate
      >
        <div className="field">
          <label htmlFor="token-name">{t('Token name')}</label>
          <input id="token-name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} required aria-invalid={Boolean(nameError)} aria-describedby={nameError ? 'token-name-error' : undefined} />
          {nameError && <span id="token-name-error" className="field-error">{nameError}</span>}
        </div>
        <button type="submit" className="button primary">
          {t('Create token')}
        </button>
      </form>
      {tokens.length > 0 && (
        <ul className="session-list">
          {tokens.map((token) => (
            <li key={token.id} data-testid="access-token">
              <strong>{token.name}</strong>
              <span className="muted small">{token.last_used_at ? t('Last used :time', { time: relativeTime(token.last_used_at, language) }) : t('Never used')}</span>
              <button type="button" className="button" onClick={() => remove(token)} aria-label={t('Delete token :name', { name: token.name })}>
                {t('Delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

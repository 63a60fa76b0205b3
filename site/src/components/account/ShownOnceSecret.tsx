import './account.css';
import './ShownOnceSecret.css';
import { useState } from 'react';
import type { Translate } from './types.ts';

/**
 * A secret the server shows once (an API token, an app password), with a Copy button whose
 * confirmation shows for one second (spec).
 */
export function ShownOnceSecret({ t, notice, value, testId }: { t: Translate; notice: string; value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 1000);
  };
  return (
    <div className="token-created" role="status">
      <p>{notice}</p>
      <div className="token-value">
        <code data-testid={testId}>{value}</code>
        <button type="button" className="button" onClick={copy}>
          {copied ? t('Copied!') : t('Copy')}
        </button>
      </div>
    </div>
  );
}

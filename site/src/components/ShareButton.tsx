import { useRef, useState } from 'react';
import { translator, type Lines } from '../lib/i18n.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import Icon from './Icon.tsx';

interface Props {
  /** Path of the page to share; its embed lives at the same path plus /embed. */
  path: string;
  name: string;
  lines: Lines;
  /** Album embeds list their tracks and need more height. */
  embedHeight: number;
}

/** The address of a page and the iframe code that embeds its player on another site. */
export default function ShareButton({ path, name, lines, embedHeight }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const link = `${origin}${path}`;
  const embed = `<iframe src="${origin}${path}/embed" width="100%" height="${embedHeight}" style="border:0" allow="autoplay" title="${name.replace(/"/g, '&quot;')}"></iframe>`;
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      setCopied(null);
    }
  };
  return (
    <>
      <button type="button" className="icon-button" disabled={!hydrated} onClick={() => dialogRef.current?.showModal()} aria-label={t('Share :name', { name })} title={t('Share :name', { name })} aria-haspopup="dialog">
        <Icon name="share" />
      </button>
      <dialog ref={dialogRef} className="dialog" aria-labelledby="share-title">
        <h2 id="share-title">{t('Share')}</h2>
        <div className="field">
          <label htmlFor="share-link">{t('Link')}</label>
          <input id="share-link" type="text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        </div>
        <div className="field">
          <label htmlFor="share-embed">{t('Embed code')}</label>
          <textarea id="share-embed" readOnly rows={4} value={embed} onFocus={(e) => e.currentTarget.select()} />
        </div>
        <p className="muted" role="status">
          {copied === 'link' ? t('Link copied') : copied === 'embed' ? t('Embed code copied') : ''}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => copy(link, 'link')}>
            {t('Copy link')}
          </button>
          <button type="button" className="button" onClick={() => copy(embed, 'embed')}>
            {t('Copy embed code')}
          </button>
          <button type="button" className="button primary" onClick={() => dialogRef.current?.close()}>
            {t('Done')}
          </button>
        </div>
      </dialog>
    </>
  );
}

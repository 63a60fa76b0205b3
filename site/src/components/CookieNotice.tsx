import { useState } from 'react';
import { writeCookie } from '../lib/http.ts';
import { translator, type Lines } from '../lib/i18n.ts';

interface Props {
  lines: Lines;
  position: 'top' | 'bottom';
  buttonLabel: string;
}

export const COOKIE_NOTICE_DAYS = 30;

/** Shown until accepted; the acceptance cookie lasts 30 days. */
export default function CookieNotice({ lines, position, buttonLabel }: Props) {
  const t = translator(lines);
  const [visible, setVisible] = useState(true);
  if (!visible) return null;
  return (
    <div className={`cookie-notice ${position}`} role="region" aria-label={t('Cookie notice')}>
      <span>{t('We use cookies to keep you logged in and to remember your preferences.')}</span>
      <button
        type="button"
        className="button primary"
        onClick={() => {
          writeCookie('cookie_notice', '1', COOKIE_NOTICE_DAYS);
          setVisible(false);
        }}
      >
        {t(buttonLabel)}
      </button>
    </div>
  );
}

import './ToastHost.css';
import { Provider, useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { translator, type Lines } from '../lib/i18n.ts';
import { appStore } from '../stores/store.ts';
import { dismissToast, TOAST_DURATION, toastAtom } from '../stores/toast.atoms.ts';
import Icon from './Icon.tsx';

export default function ToastHost({ lines }: { lines: Lines }) {
  return (
    <Provider store={appStore}>
      <ToastView lines={lines} />
    </Provider>
  );
}

/** One toast at a time; its timer pauses while hovered or focused. Loading toasts stay until replaced. */
function ToastView({ lines }: { lines: Lines }) {
  const t = translator(lines);
  const toast = useAtomValue(toastAtom);
  const [paused, setPaused] = useState(false);
  const remaining = useRef(0);

  useEffect(() => {
    remaining.current = toast ? (TOAST_DURATION[toast.type] ?? 0) : 0;
    setPaused(false);
  }, [toast]);

  useEffect(() => {
    if (!toast || paused || TOAST_DURATION[toast.type] === null) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [toast, paused]);

  return (
    <div className={`toast-region ${toast?.position ?? 'bottom-center'}`} role="status" aria-live="polite">
      {toast && (
        // biome-ignore lint/a11y/noStaticElementInteractions: hovering or focusing a toast pauses its timer; the toast itself is not a control
        <div
          className={`toast ${toast.type}`}
          data-testid="toast"
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
        >
          {toast.type === 'loading' && <span className="spinner" aria-hidden="true" />}
          <span>{toast.message}</span>
          {toast.action && <a href={toast.action.link}>{toast.action.label}</a>}
          {toast.type !== 'loading' && (
            <button type="button" className="icon-button" onClick={() => dismissToast(toast.id)} aria-label={t('Close')}>
              <Icon name="close" />
            </button>
          )}
        </div>
      )}
    </div>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';

type PlayerPanel = 'queue' | 'now-playing' | null;

/**
 * The player's two panels (the queue, now playing), at most one open. Escape closes the open one
 * wherever focus is, unless something inside (a menu, a drag) used the key, and focus goes back
 * to the button that opened it.
 */
export function usePlayerPanels() {
  const [panel, setPanel] = useState<PlayerPanel>(null);
  const queueToggleRef = useRef<HTMLButtonElement>(null);
  const nowPlayingToggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef(panel);
  panelRef.current = panel;

  const close = useCallback((returnFocus: boolean) => {
    const open = panelRef.current;
    setPanel(null);
    if (returnFocus) (open === 'queue' ? queueToggleRef : nowPlayingToggleRef).current?.focus();
  }, []);

  const toggle = useCallback((which: Exclude<PlayerPanel, null>) => setPanel((open) => (open === which ? null : which)), []);

  useEffect(() => {
    if (!panel) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [panel, close]);

  // Now playing covers the page: what is behind it leaves the tab order and the accessibility
  // tree while it is open, and following a link from it (an artist, the album) closes it.
  useEffect(() => {
    if (panel !== 'now-playing') return;
    document.querySelector('.app-shell')?.setAttribute('inert', '');
    const onSwap = () => setPanel((open) => (open === 'now-playing' ? null : open));
    document.addEventListener('astro:after-swap', onSwap);
    return () => {
      document.querySelector('.app-shell')?.removeAttribute('inert');
      document.removeEventListener('astro:after-swap', onSwap);
    };
  }, [panel]);

  return { panel, toggle, close, queueToggleRef, nowPlayingToggleRef };
}

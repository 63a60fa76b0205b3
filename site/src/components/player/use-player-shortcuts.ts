import { useEffect, useRef } from 'react';
import { currentTrackAtom, wantsPlayAtom } from '../../stores/player.atoms.ts';
import { appStore } from '../../stores/store.ts';

/** Where keys belong to what has focus: typing, a control, an open menu. */
const OWN_KEYS = 'input, textarea, select, button, a, [contenteditable="true"], [role="menu"]';
const SEEK_STEP_SECONDS = 10;

/**
 * Space plays or pauses, M mutes, the left and right arrows seek by 10 s; anywhere on the page
 * unless the listener is typing or on a control, and never with a modifier (browser shortcuts).
 */
export function usePlayerShortcuts({ seekBy, toggleMute }: { seekBy: (seconds: number) => void; toggleMute: () => void }) {
  const actions = useRef({ seekBy, toggleMute });
  actions.current = { seekBy, toggleMute };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || target.closest?.(OWN_KEYS)) return;
      if (event.code === 'Space' && appStore.get(currentTrackAtom)) {
        event.preventDefault();
        appStore.set(wantsPlayAtom, !appStore.get(wantsPlayAtom));
      } else if (event.key === 'm' || event.key === 'M') {
        actions.current.toggleMute();
      } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        event.preventDefault();
        actions.current.seekBy(event.key === 'ArrowRight' ? SEEK_STEP_SECONDS : -SEEK_STEP_SECONDS);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

import { useAtomValue, type Atom } from 'jotai';
import { useEffect, useState } from 'react';

/**
 * False during server rendering and until the island has hydrated. Controls that only work with
 * JavaScript stay disabled until then, so an early click is never silently lost (and a form is
 * never submitted natively, which would put its fields in the URL).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * An atom of the page's shared store as an island may render it: `beforeHydration` (what the
 * server rendered) until the island has hydrated, then the store's value. After a client-side
 * navigation the store already holds what the server could not know (what plays, the listener's
 * library); hydrating with it would not match the server's HTML (React error #418).
 */
export function useAtomAfterHydration<T>(atom: Atom<T>, beforeHydration: T, hydrated: boolean): T {
  const value = useAtomValue(atom);
  return hydrated ? value : beforeHydration;
}

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

import { atom } from 'jotai';
import { appStore } from './store.ts';

export interface AccountProfile {
  id: number;
  name: string;
  image: string | null;
}

/**
 * The signed-in person's name and picture as changed on this page (account settings), so the
 * navbar shows a rename or a new picture at once, without a reload. It names the account it
 * belongs to: after logging in as someone else, it no longer applies.
 */
export const accountProfileAtom = atom<AccountProfile | null>(null);

export function profileChanged(profile: AccountProfile): void {
  appStore.set(accountProfileAtom, profile);
}

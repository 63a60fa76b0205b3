import { atom } from 'jotai';
import { appStore } from './store.ts';

export type ToastType = 'positive' | 'danger' | 'loading';

export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  position: 'bottom-center' | 'bottom-right';
  action?: { label: string; link: string };
}

/** Only one toast at a time: a new one replaces the old. */
export const toastAtom = atom<Toast | null>(null);

/** 3 s for positive, 8 s for danger, no timeout while loading. */
export const TOAST_DURATION: Record<ToastType, number | null> = { positive: 3000, danger: 8000, loading: null };

let nextId = 1;

export function toast(message: string, options: Partial<Omit<Toast, 'id' | 'message'>> = {}): number {
  const id = nextId++;
  appStore.set(toastAtom, { id, message, type: options.type ?? 'positive', position: options.position ?? 'bottom-center', action: options.action });
  return id;
}

toast.danger = (message: string, options: Partial<Omit<Toast, 'id' | 'message' | 'type'>> = {}) => toast(message, { ...options, type: 'danger' });
toast.loading = (message: string, options: Partial<Omit<Toast, 'id' | 'message' | 'type'>> = {}) => toast(message, { ...options, type: 'loading' });

export function dismissToast(id?: number): void {
  appStore.set(toastAtom, (current) => (id === undefined || current?.id === id ? null : current));
}

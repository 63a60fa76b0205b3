import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

const ENTRY = '[role^="menuitem"]';

export interface MenuButtonOptions {
  /** Runs in the same update as opening, e.g. to place a fixed-position menu from the button. */
  onOpen?: () => void;
}

/**
 * A menu button with the ARIA menu pattern, shared by every dropdown menu of the site: the button
 * toggles the menu, ArrowDown or ArrowUp on it opens the menu at its first or last entry (a checked
 * radio entry wins), arrows wrap around the entries, Home and End jump, Escape closes and puts focus
 * back on the button, Tab closes and lets focus move on, and a press outside closes.
 *
 * Spread `triggerProps` on the `<button>` and `menuProps` on the element with `role="menu"`; render
 * the entries with `role="menuitem"` (or `menuitemradio`) and `tabIndex={-1}`.
 */
export function useMenuButton<Menu extends HTMLElement = HTMLUListElement>({ onOpen }: MenuButtonOptions = {}) {
  const [open, setOpenState] = useState(false);
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<Menu>(null);
  /** Which entry takes focus once the menu is there. */
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const setOpen = (value: boolean, focus: 'first' | 'last' = 'first') => {
    focusOnOpen.current = focus;
    if (value && !open) onOpen?.();
    setOpenState(value);
  };

  /** Closes and returns focus to the button (Escape, or an entry that leaves the listener here). */
  const close = () => {
    setOpenState(false);
    triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const menu = menuRef.current;
    const entries = [...(menu?.querySelectorAll<HTMLElement>(ENTRY) ?? [])];
    const checked = menu?.querySelector<HTMLElement>(`${ENTRY}[aria-checked="true"]`);
    // Menus may be fixed-positioned: focusing must not scroll what they are placed against.
    (checked ?? (focusOnOpen.current === 'last' ? entries.at(-1) : entries[0]))?.focus({ preventScroll: true });
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !triggerRef.current?.contains(target)) setOpenState(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>(ENTRY) ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    let target: HTMLElement | undefined;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      target = entries[(index + step + entries.length) % entries.length];
    } else if (event.key === 'Home' || event.key === 'End') {
      target = event.key === 'Home' ? entries[0] : entries.at(-1);
    } else if (event.key === 'Tab') {
      setOpenState(false);
    }
    if (target) {
      event.preventDefault();
      target.focus({ preventScroll: true });
    }
  };

  const triggerProps = {
    ref: triggerRef,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: () => setOpen(!open),
    onKeyDown: (event: KeyboardEvent) => {
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) {
        event.preventDefault();
        setOpen(true, event.key === 'ArrowUp' ? 'last' : 'first');
      }
    },
  };

  const menuProps = { ref: menuRef, id: menuId, role: 'menu' as const, onKeyDown: onMenuKey };

  return { open, setOpen, close, triggerRef, menuRef, triggerProps, menuProps };
}

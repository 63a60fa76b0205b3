import { act, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';

/** Tells React that updates in these tests are wrapped in act(), so effects have run when it returns. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Mounted {
  container: HTMLElement;
  getByText: (text: string) => HTMLElement;
  click: (element: Element) => Promise<void>;
  /** A key pressed where focus is (or on the body). */
  key: (key: string) => Promise<void>;
  pointerDown: (element: Element) => Promise<void>;
  unmount: () => void;
}

/**
 * Renders a component into a DOM for unit tests of hooks that hold interaction logic (the
 * `happy-dom` test environment), and drives it the way a person would: clicks, keys, presses.
 */
export async function mount(element: ReactElement): Promise<Mounted> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(element));
  const fire = (target: Element, event: Event) => act(async () => void target.dispatchEvent(event));
  return {
    container,
    getByText(text) {
      const found = [...container.querySelectorAll<HTMLElement>('*')].find((node) => node.textContent?.trim() === text && ![...node.children].some((child) => child.textContent?.trim() === text));
      if (!found) throw new Error(`No element with the text "${text}"`);
      return found;
    },
    click: (target) => fire(target, new MouseEvent('click', { bubbles: true, cancelable: true })),
    key: (key) => fire(document.activeElement ?? document.body, new KeyboardEvent('keydown', { key, code: key, bubbles: true, cancelable: true })),
    pointerDown: (target) => fire(target, new PointerEvent('pointerdown', { bubbles: true, cancelable: true })),
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

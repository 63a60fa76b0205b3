// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useMenuButton } from './use-menu-button.ts';
import { mount, type Mounted } from './test-dom.ts';

function Menu({ checked }: { checked?: string }) {
  const { open, setOpen, triggerProps, menuProps } = useMenuButton();
  return (
    <div>
      <button type="button" {...triggerProps}>
        Options
      </button>
      {open && (
        <ul {...menuProps} aria-label="Options">
          {['One', 'Two', 'Three'].map((name) => (
            <li key={name} role="none">
              {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-checked is only set on menuitemradio, which supports it */}
              <button type="button" role={checked ? 'menuitemradio' : 'menuitem'} aria-checked={checked ? name === checked : undefined} tabIndex={-1} onClick={() => setOpen(false)}>
                {name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p>Outside</p>
    </div>
  );
}

let view: Mounted;
const trigger = () => view.getByText('Options') as HTMLButtonElement;
const menu = () => view.container.querySelector('[role="menu"]');
const focused = () => document.activeElement?.textContent;

describe('useMenuButton', () => {
  beforeEach(async () => {
    view = await mount(<Menu />);
  });
  afterEach(() => view.unmount());

  it('opens on click with the first entry focused, and links the button to the menu', async () => {
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    await view.click(trigger());
    expect(menu()).not.toBeNull();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(trigger().getAttribute('aria-controls')).toBe(menu()!.id);
    expect(focused()).toBe('One');
    await view.click(trigger());
    expect(menu()).toBeNull();
  });

  it('moves with the arrows (wrapping around), Home and End', async () => {
    await view.click(trigger());
    await view.key('ArrowDown');
    expect(focused()).toBe('Two');
    await view.key('ArrowDown');
    await view.key('ArrowDown');
    expect(focused()).toBe('One');
    await view.key('ArrowUp');
    expect(focused()).toBe('Three');
    await view.key('Home');
    expect(focused()).toBe('One');
    await view.key('End');
    expect(focused()).toBe('Three');
  });

  it('opens from the keyboard: ArrowDown at the first entry, ArrowUp at the last', async () => {
    trigger().focus();
    await view.key('ArrowDown');
    expect(focused()).toBe('One');
    await view.key('Escape');
    await view.key('ArrowUp');
    expect(focused()).toBe('Three');
  });

  it('Escape closes and gives focus back to the button', async () => {
    await view.click(trigger());
    await view.key('ArrowDown');
    await view.key('Escape');
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('Tab closes and lets focus move on; a press outside closes', async () => {
    await view.click(trigger());
    await view.key('Tab');
    expect(menu()).toBeNull();
    await view.click(trigger());
    await view.pointerDown(view.getByText('Outside'));
    expect(menu()).toBeNull();
    // A press inside the menu keeps it open until an entry acts.
    await view.click(trigger());
    await view.pointerDown(view.getByText('Two'));
    expect(menu()).not.toBeNull();
  });
});

describe('useMenuButton with radio entries', () => {
  afterEach(() => view.unmount());

  it('focuses the checked entry when it opens', async () => {
    view = await mount(<Menu checked="Two" />);
    await view.click(trigger());
    expect(focused()).toBe('Two');
  });
});

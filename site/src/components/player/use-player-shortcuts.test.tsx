// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount, type Mounted } from '../../lib/test-dom.ts';
import { clearQueue, playQueue, wantsPlayAtom } from '../../stores/player.atoms.ts';
import { appStore } from '../../stores/store.ts';
import { usePlayerShortcuts } from './use-player-shortcuts.ts';

const seekBy = vi.fn();
const toggleMute = vi.fn();

function Page() {
  usePlayerShortcuts({ seekBy, toggleMute });
  return (
    <main>
      <h1 tabIndex={-1}>Album</h1>
      <input aria-label="Search" />
      <button type="button">Like</button>
    </main>
  );
}

let view: Mounted;
const press = (key: string, code = key, init: KeyboardEventInit = {}) =>
  (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true, ...init }));

describe('usePlayerShortcuts', () => {
  beforeEach(async () => {
    seekBy.mockReset();
    toggleMute.mockReset();
    playQueue([{ id: 1, name: 'One', duration: 30_000, stream_url: '/api/v1/tracks/1/stream', image: null, artists: [], album: null }]);
    view = await mount(<Page />);
    view.getByText('Album').focus();
  });
  afterEach(() => {
    view.unmount();
    clearQueue();
  });

  it('Space pauses and plays, M mutes, the arrows seek by 10 s', () => {
    expect(appStore.get(wantsPlayAtom)).toBe(true);
    press(' ', 'Space');
    expect(appStore.get(wantsPlayAtom)).toBe(false);
    press(' ', 'Space');
    expect(appStore.get(wantsPlayAtom)).toBe(true);
    press('m');
    expect(toggleMute).toHaveBeenCalledTimes(1);
    press('ArrowRight');
    press('ArrowLeft');
    expect(seekBy.mock.calls).toEqual([[10], [-10]]);
  });

  it('leaves the keys to a field being typed in, a focused control, and browser shortcuts', () => {
    (view.container.querySelector('input') as HTMLInputElement).focus();
    press(' ', 'Space');
    press('m');
    view.getByText('Like').focus();
    press(' ', 'Space');
    press('ArrowRight');
    view.getByText('Album').focus();
    press('ArrowLeft', 'ArrowLeft', { altKey: true });
    press('m', 'KeyM', { ctrlKey: true });
    expect(appStore.get(wantsPlayAtom)).toBe(true);
    expect(toggleMute).not.toHaveBeenCalled();
    expect(seekBy).not.toHaveBeenCalled();
  });

  it('Space does nothing without a track', () => {
    clearQueue();
    press(' ', 'Space');
    expect(appStore.get(wantsPlayAtom)).toBe(false);
  });
});

// @vitest-environment happy-dom
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount, type Mounted } from '../../lib/test-dom.ts';
import { STALL_TIMEOUT_MS, useStallWatchdog } from './use-stall-watchdog.ts';

/** A stand-in for the audio element: only what the watchdog reads. */
const audio = { currentTime: 0, paused: false };
const onStall = vi.fn();

function Watched({ watching }: { watching: boolean }) {
  const ref = useRef(audio as unknown as HTMLAudioElement);
  useStallWatchdog(ref, watching, 1, onStall);
  return null;
}

let view: Mounted;

describe('useStallWatchdog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    onStall.mockReset();
    Object.assign(audio, { currentTime: 0, paused: false });
  });
  afterEach(() => {
    view.unmount();
    vi.useRealTimers();
  });

  it('reports a play whose time has not moved for 30 s', async () => {
    view = await mount(<Watched watching />);
    vi.advanceTimersByTime(STALL_TIMEOUT_MS - 2000);
    expect(onStall).not.toHaveBeenCalled();
    vi.advanceTimersByTime(4000);
    expect(onStall).toHaveBeenCalled();
  });

  it('stays quiet while the audio advances, while it is paused, and when not asked to watch', async () => {
    view = await mount(<Watched watching />);
    for (let i = 0; i < 40; i++) {
      audio.currentTime += 1;
      vi.advanceTimersByTime(1000);
    }
    audio.paused = true;
    vi.advanceTimersByTime(STALL_TIMEOUT_MS * 2);
    expect(onStall).not.toHaveBeenCalled();
    view.unmount();
    audio.paused = false;
    view = await mount(<Watched watching={false} />);
    vi.advanceTimersByTime(STALL_TIMEOUT_MS * 2);
    expect(onStall).not.toHaveBeenCalled();
  });
});

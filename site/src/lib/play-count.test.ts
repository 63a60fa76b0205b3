import { describe, expect, it } from 'vitest';
import { listenedTo, markCounted, playThresholdSeconds, reachedThreshold, seeked, startListening, type Listening } from './play-count.ts';

/** Plays from `from` to `to` in quarter-second steps, as timeupdate would report. */
function play(state: Listening, from: number, to: number, rate = 1): Listening {
  let next = seeked(state);
  for (let time = from; time <= to + 1e-9; time += 0.25 * rate) next = listenedTo(next, time, rate);
  return next;
}

describe('when a playback counts as a play', () => {
  it('needs 30 s, or half of a shorter track', () => {
    expect(playThresholdSeconds(240)).toBe(30);
    expect(playThresholdSeconds(40)).toBe(20);
    expect(playThresholdSeconds(27.4)).toBeCloseTo(13.7);
    expect(playThresholdSeconds(NaN)).toBe(30);
    expect(playThresholdSeconds(null)).toBe(30);
  });

  it('counts heard time, not the position a seek jumped to', () => {
    let state = play(startListening(), 0, 5);
    expect(state.heard).toBeCloseTo(5);
    // Seeking to 25 s of a 30 s track (without a seeking event, as a jump) adds nothing.
    state = listenedTo(state, 25);
    expect(state.heard).toBeCloseTo(5);
    expect(reachedThreshold(state, 30)).toBe(false);
    state = play(state, 25, 30);
    expect(state.heard).toBeCloseTo(10);
    expect(reachedThreshold(state, 30)).toBe(false);
    // Back to the start and listening again does count.
    state = play(state, 0, 5);
    expect(state.heard).toBeCloseTo(15);
    expect(reachedThreshold(state, 30)).toBe(true);
  });

  it('ignores going backwards and counts faster playback by the audio heard', () => {
    let state = play(startListening(), 10, 12);
    state = listenedTo(state, 11);
    expect(state.heard).toBeCloseTo(2);
    state = play(state, 11, 21, 2);
    expect(state.heard).toBeCloseTo(12);
  });

  it('fires once per playback', () => {
    let state = play(startListening(), 0, 16);
    expect(reachedThreshold(state, 30)).toBe(true);
    state = markCounted(state);
    state = play(state, 16, 30);
    expect(reachedThreshold(state, 30)).toBe(false);
    expect(reachedThreshold(play(startListening(), 0, 16), 30)).toBe(true);
  });
});

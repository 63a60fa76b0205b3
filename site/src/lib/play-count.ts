/**
 * When a playback counts as a play: once the listener has heard 30 s or half the track, whichever
 * comes first. "Heard" is time the audio actually advanced while playing: a seek forward adds
 * nothing, and listening to the same part again after seeking back does add.
 */
export const PLAY_THRESHOLD_SECONDS = 30;

/**
 * `timeupdate` fires a few times a second, so one step is well under a second at normal speed.
 * A bigger jump is a seek (or the tab waking up), not listening.
 */
const MAX_STEP_SECONDS = 2;

export interface Listening {
  heard: number;
  /** Media time at the last update; null right after a seek or a new playback. */
  last: number | null;
  counted: boolean;
}

export const startListening = (): Listening => ({ heard: 0, last: null, counted: false });

export function playThresholdSeconds(durationSeconds: number | null | undefined): number {
  return durationSeconds && Number.isFinite(durationSeconds) && durationSeconds > 0 ? Math.min(PLAY_THRESHOLD_SECONDS, durationSeconds / 2) : PLAY_THRESHOLD_SECONDS;
}

/** The audio reached `time` while playing; `rate` is its playback rate. */
export function listenedTo(state: Listening, time: number, rate = 1): Listening {
  if (state.last === null) return { ...state, last: time };
  const step = time - state.last;
  const heard = step > 0 && step <= MAX_STEP_SECONDS * Math.max(1, rate) ? state.heard + step : state.heard;
  return { ...state, heard, last: time };
}

/** The listener moved: the next update starts measuring from wherever the audio landed. */
export const seeked = (state: Listening): Listening => ({ ...state, last: null });

/** True once per playback, when the heard time first reaches the threshold. */
export const reachedThreshold = (state: Listening, durationSeconds: number | null | undefined): boolean =>
  !state.counted && state.heard >= playThresholdSeconds(durationSeconds);

export const markCounted = (state: Listening): Listening => ({ ...state, counted: true });

/**
 * Where the app reads the time for lifetimes it decides (sessions, cached pages). The server runs on
 * the system's clock; a test passes one it moves forward, instead of waiting for a lifetime to run out.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The time by the app's clock, the system's when none was given. */
export function timeNow(deps: { clock?: Clock }): number {
  return (deps.clock ?? systemClock).now();
}

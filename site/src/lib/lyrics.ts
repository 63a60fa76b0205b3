/** Index of the line being sung at `positionMs`: the last one that has started; -1 before the first. */
export function activeLine(lines: { time_ms: number }[], positionMs: number): number {
  let active = -1;
  for (let i = 0; i < lines.length && lines[i].time_ms <= positionMs; i++) active = i;
  return active;
}

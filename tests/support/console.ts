import { vi } from 'vitest';

/** Everything the process writes to the console from now on, to check that no secret is logged. */
export function captureConsole(): string[] {
  const logged: string[] = [];
  for (const method of ['log', 'error', 'warn', 'info', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  }
  return logged;
}

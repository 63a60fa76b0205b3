// pino-roll ships no types; this is the part of its API the logger uses.
declare module 'pino-roll' {
  import type { EventEmitter } from 'node:events';

  interface PinoRollOptions {
    file: string | (() => string);
    size?: string | number;
    frequency?: 'daily' | 'hourly' | number;
    extension?: string;
    dateFormat?: string;
    mkdir?: boolean;
    sync?: boolean;
    symlink?: boolean;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
  }

  /** A SonicBoom stream that moves to a new file at each rotation. */
  export interface RollingFile extends EventEmitter {
    readonly file: string;
    write(data: string): boolean;
    flushSync(): void;
    end(): void;
    destroy(): void;
  }

  export default function pinoRoll(options: PinoRollOptions): Promise<RollingFile>;
}

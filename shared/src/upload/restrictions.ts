/** Marks a catalogue line (the same marker as admin/src/i18n/messages.ts, kept here so that @app/shared imports nothing of the back office). */
export const msg = (text: string): string => text;

/**
 * The upload rules the browser applies before sending anything. The server applies the same rules
 * again (api/src/uploads/upload-rules.ts) and is the one that counts; checking here spares people
 * a wasted upload and shows the spec's messages at once.
 */
export interface UploadRestrictions {
  maxSize: number;
  /** Mime patterns with wildcards (`audio/*`) or extensions (`.mp3`); empty allows everything not blocked. */
  allowed: string[];
  blocked: string[];
  chunkSize: number;
  /** Resumable (tus) uploads for files of `resumableThreshold` bytes and more. */
  resumable: boolean;
  resumableThreshold: number;
  concurrency: number;
  /** The server hands out presigned addresses, so files go to the S3 bucket directly (spec §7 s3/…). */
  directUpload?: boolean;
}

/** From this size on a direct upload is a multipart one (spec §9: multipart at 100 MB). */
export const DIRECT_UPLOAD_LIMIT = 100 * 1024 * 1024;

/** Multipart uploads to the bucket (spec §9): parts of 20 MB at least, 10 addresses asked for at once, 5 parts in flight, 3 retries each. */
export const MULTIPART = { minPartSize: 20 * 1024 * 1024, maxParts: 10_000, signBatch: 10, concurrentParts: 5, retries: 3, firstRetryMs: 1000 };

/** Each part's size: 20 MB, or more when 10,000 parts of 20 MB would not hold the file. */
export function multipartPartSize(size: number): number {
  return Math.max(MULTIPART.minPartSize, Math.ceil(size / MULTIPART.maxParts));
}

export interface FilePart {
  partNumber: number;
  start: number;
  end: number;
}

/** The file cut into its parts, numbered from 1 as S3 counts them. */
export function multipartParts(size: number): FilePart[] {
  const partSize = multipartPartSize(size);
  const parts: FilePart[] = [];
  for (let start = 0, partNumber = 1; start < size || partNumber === 1; start += partSize, partNumber += 1) {
    parts.push({ partNumber, start, end: Math.min(size, start + partSize) });
  }
  return parts;
}

/**
 * Which parts a resumed upload still has to send: those the bucket has not received whole (a part
 * of another size was cut for another file or broken off), and the ETags of those it has.
 */
export function partsLeft(parts: readonly FilePart[], received: readonly { PartNumber: number; ETag: string; Size: number }[]) {
  const done = new Map<number, string>();
  for (const part of parts) {
    const got = received.find((r) => r.PartNumber === part.partNumber);
    if (got && got.Size === part.end - part.start) done.set(part.partNumber, got.ETag);
  }
  return { done, left: parts.filter((part) => !done.has(part.partNumber)) };
}

/** Waits before the retries of a failed part: doubling from one second (spec §9, exponential backoff). */
export const partRetryDelay = (retry: number) => MULTIPART.firstRetryMs * 2 ** retry;

export const TYPE_NOT_ALLOWED = msg('This file type is not allowed');
export const TIMED_OUT = msg('Upload timed out');
/** No progress for this long fails the upload (spec §9). */
export const STALL_TIMEOUT_MS = 30_000;
/** Waits before each retry of a failed chunk (spec §8). */
export const RETRY_DELAYS_MS = [0, 3000, 5000, 10000, 20000];

/** Audio the Upload section accepts, whatever else the settings allow. */
export const AUDIO_TYPES = ['audio/*', '.mp3', '.m4a', '.aac', '.flac', '.ogg', '.oga', '.opus', '.wav', '.aif', '.aiff', '.wma', '.webm'];

export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,16})$/.exec(name);
  return match ? match[1].toLowerCase() : '';
}

export function matchesType(pattern: string, file: { extension: string; mime: string }): boolean {
  const p = pattern.trim().toLowerCase();
  if (!p) return false;
  if (p.includes('/')) {
    const regex = new RegExp(`^${p.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
    return Boolean(file.mime) && regex.test(file.mime.split(';')[0].trim().toLowerCase());
  }
  return p.replace(/^\*?\./, '') === file.extension;
}

export function typeAllowed(rules: Pick<UploadRestrictions, 'allowed' | 'blocked'>, file: { name: string; type?: string | null }): boolean {
  const known = { extension: extensionOf(file.name), mime: file.type ?? '' };
  if (rules.blocked.some((pattern) => matchesType(pattern, known))) return false;
  return !rules.allowed.length || rules.allowed.some((pattern) => matchesType(pattern, known));
}

/** The picker skips these silently (spec §5). */
export function isIgnoredFile(name: string): boolean {
  return name.trim().toLowerCase() === '.ds_store';
}

/** Upload states of the spec (§4). */
export type UploadStatus = 'pending' | 'inProgress' | 'completed' | 'failed' | 'aborted';

export interface QueuedUpload {
  id: string;
  status: UploadStatus;
  /** Sent in chunks (resumable tus, or an S3 multipart upload): such an upload runs alone. */
  chunked: boolean;
}

/**
 * Which pending uploads start now: the next ones in order while fewer than the concurrency limit
 * are in progress; the limit is 1 while a chunked upload is in progress (spec §9).
 */
export function uploadsToStart(queue: readonly QueuedUpload[], concurrency: number): string[] {
  const started: QueuedUpload[] = [];
  const running = () => queue.filter((upload) => upload.status === 'inProgress').concat(started);
  for (const upload of queue) {
    if (upload.status !== 'pending') continue;
    const active = running();
    const limit = active.some((u) => u.chunked) ? 1 : concurrency;
    if (active.length >= limit) break;
    started.push(upload);
  }
  return started.map((upload) => upload.id);
}

import { TooLargeError, ValidationError } from '../common/errors.ts';
import type { Settings } from '../settings/settings.service.ts';
import { formatBytes } from '@app/shared/format/bytes';

/** Files of this size and above go through resumable (tus) uploads unless disabled (spec §9). */
export const RESUMABLE_THRESHOLD_BYTES = 4 * 1024 * 1024;
/** Uploads running at once in one uploader (spec §9). */
export const UPLOAD_CONCURRENCY = 3;
/** Bytes read from the start of a file to recognise its type. */
export const SNIFF_BYTES = 4100;

export const TYPE_NOT_ALLOWED = 'This file type is not allowed';
export const BAD_FILE_NAME = 'That file name is not allowed.';
export const CONTENT_MISMATCH = "The file's content does not match its extension.";


export const tooLargeMessage = (maxSize: number) => `file exceeds maximum allowed size of ${formatBytes(maxSize)}`;

export interface UploadRules {
  maxSize: number;
  /** Mime patterns with wildcards (`audio/*`) or extensions (`.mp3`); empty allows everything not blocked. */
  allowed: string[];
  blocked: string[];
  chunkSize: number;
  resumable: boolean;
}

export function uploadRules(settings: Settings): UploadRules {
  return {
    maxSize: settings['uploads.max_size'],
    allowed: settings['uploads.allowed_extensions'],
    blocked: settings['uploads.blocked_extensions'],
    chunkSize: settings['uploads.chunk_size'],
    resumable: !settings['uploads.disable_tus'],
  };
}

/** Lower-case extension without the dot, or '' when the name has none worth the name. */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,16})$/.exec(name);
  return match ? match[1].toLowerCase() : '';
}

function normaliseMime(mime: string | undefined | null): string {
  return (mime ?? '').split(';')[0].trim().toLowerCase();
}

/** Whether one pattern of the settings matches a file known by its extension and mime types. */
export function matchesType(pattern: string, file: { extension: string; mimes: string[] }): boolean {
  const p = pattern.trim().toLowerCase();
  if (!p) return false;
  if (p.includes('/')) {
    const regex = new RegExp(`^${p.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
    return file.mimes.some((mime) => mime && regex.test(normaliseMime(mime)));
  }
  return p.replace(/^\*?\./, '') === file.extension;
}

export function typeAllowed(rules: Pick<UploadRules, 'allowed' | 'blocked'>, file: { extension: string; mimes: (string | null | undefined)[] }): boolean {
  const known = { extension: file.extension, mimes: file.mimes.map(normaliseMime).filter(Boolean) };
  if (rules.blocked.some((pattern) => matchesType(pattern, known))) return false;
  return !rules.allowed.length || rules.allowed.some((pattern) => matchesType(pattern, known));
}

/** Names the uploader never sends and the server never keeps (spec §5: `.DS_Store` is ignored). */
export function isIgnoredFileName(name: string): boolean {
  return name.trim().toLowerCase() === '.ds_store';
}

/**
 * The client's name of a file is shown to people, never used as a path: a name that tries to be
 * one (separators, `..`, control characters) is refused rather than quietly rewritten.
 */
export function checkClientName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 255 || /[/\\\u0000-\u001f\u007f]/.test(trimmed) || trimmed === '.' || trimmed === '..') {
    throw new ValidationError(BAD_FILE_NAME, { file: BAD_FILE_NAME });
  }
  if (isIgnoredFileName(trimmed)) throw new ValidationError(TYPE_NOT_ALLOWED, { file: TYPE_NOT_ALLOWED });
  return trimmed;
}

/** A folder upload's path inside the dropped folder: relative, no `.` or `..` segments. */
export function checkRelativePath(relativePath: string | null | undefined): string | null {
  if (relativePath === null || relativePath === undefined || relativePath === '') return null;
  const segments = relativePath.split('/');
  if (relativePath.length > 1000 || relativePath.includes('\\') || /[\u0000-\u001f\u007f]/.test(relativePath) || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new ValidationError(BAD_FILE_NAME, { relativePath: BAD_FILE_NAME });
  }
  return relativePath;
}

/** Checks what the client declares before any byte is stored: size, name and claimed type. */
export function checkDeclaredUpload(rules: UploadRules, file: { name: string; size: number; mime?: string | null }): { name: string; extension: string } {
  const name = checkClientName(file.name);
  if (file.size > rules.maxSize) {
    const message = tooLargeMessage(rules.maxSize);
    throw new TooLargeError(message, { file: message });
  }
  const extension = extensionOf(name);
  if (!typeAllowed(rules, { extension, mimes: [file.mime] })) throw new ValidationError(TYPE_NOT_ALLOWED, { file: TYPE_NOT_ALLOWED });
  return { name, extension };
}

/** Extensions that name the same kind of content as the one a file's bytes were recognised as. */
const SAME_KIND: string[][] = [
  ['jpg', 'jpeg', 'jpe', 'jfif'],
  ['tif', 'tiff'],
  ['mp3', 'mpga'],
  ['mp4', 'm4a', 'm4b', 'm4p', 'm4v', 'aac'],
  ['ogg', 'oga', 'ogv', 'ogx', 'opus', 'spx'],
  ['wav', 'wave'],
  ['aif', 'aiff', 'aifc'],
  ['mid', 'midi'],
  ['mkv', 'mka', 'webm'],
  ['xml', 'svg'],
  ['gz', 'tgz'],
];

/** Types whose bytes carry no signature: their mime comes from the extension. */
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  lrc: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  svg: 'image/svg+xml',
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
  md: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
};

export interface SniffedType {
  mime: string;
  /** Extension to store the file under. */
  extension: string;
}

/**
 * Recognises a file by its first bytes and refuses it when they contradict its extension (an
 * executable named `song.mp3`, a PNG named `cover.gif`). Text formats have no signature and keep
 * the type their extension gives.
 */
export async function sniffType(head: Uint8Array, extension: string): Promise<SniffedType> {
  // Loaded with the first upload, not at start: most processes never sniff a file.
  const { fileTypeFromBuffer, supportedExtensions } = await import('file-type');
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    const kind = SAME_KIND.find((group) => group.includes(detected.ext)) ?? [detected.ext];
    if (extension && !kind.includes(extension)) throw new ValidationError(CONTENT_MISMATCH, { file: CONTENT_MISMATCH });
    if (detected.ext === 'xml' && extension === 'svg') return { mime: 'image/svg+xml', extension };
    return { mime: detected.mime, extension: extension || detected.ext };
  }
  // A binary format the detector knows but did not find in the bytes: the name is lying.
  if (extension && extension !== 'xml' && supportedExtensions.has(extension)) throw new ValidationError(CONTENT_MISMATCH, { file: CONTENT_MISMATCH });
  return { mime: TEXT_TYPES[extension] ?? 'application/octet-stream', extension };
}

/** Raster images may be public (covers, avatars); anything else is served only with permission checks. */
export function mayBePublic(mime: string): boolean {
  return /^image\/(png|jpeg|gif|webp|avif)$/.test(mime);
}

import { BasePlugin, type DefinePluginOpts, type PluginOpts, type Uppy, type UppyFile } from '@uppy/core';
import { Upload as TusUpload, type DetailedError } from 'tus-js-client';
import type { S3Answer, S3Calls } from './s3-calls.ts';
import {
  DIRECT_UPLOAD_LIMIT,
  MULTIPART,
  msg,
  multipartParts,
  partRetryDelay,
  partsLeft,
  RETRY_DELAYS_MS,
  STALL_TIMEOUT_MS,
  TIMED_OUT,
  uploadsToStart,
  type FilePart,
  type QueuedUpload,
  type UploadRestrictions,
} from './restrictions.ts';

export interface FileEntry {
  id: number;
  name: string;
  file_name: string;
  url: string;
  file_size: number;
  mime: string | null;
}

/*
 * Shared by the back office's Upload section and the site's /backstage/upload: it imports nothing
 * of react-admin, so the site stays light.
 */

function readCookie(name: string): string {
  const match = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : '';
}

export type UploadMeta = { relativePath?: string | null } & Record<string, unknown>;
export type UploadBody = { fileEntry: FileEntry; result?: unknown } & Record<string, unknown>;
type File = UppyFile<UploadMeta, UploadBody>;

interface UploaderOptions extends PluginOpts {
  restrictions: UploadRestrictions;
  /** Runs once the file is stored, as the last step of its upload (making a track of it, say). */
  afterUpload?: (entry: FileEntry, file: File) => Promise<unknown>;
}

const DEFAULT_ERROR = msg('There was an issue. Please try again.');
const ABORTED = msg('Upload aborted');

class UploadFailed extends Error {}

/**
 * One of the spec's s3/… calls (s3-calls.ts), sent as the pages send them (session cookie, XSRF
 * header); a refusal rejects with the server's message.
 */
async function s3Call<Call extends keyof S3Calls>(call: Call, body: S3Calls[Call]['body'], signal?: AbortSignal): Promise<S3Answer<Call>> {
  const headers = { Accept: 'application/json', 'Content-Type': 'application/json', 'X-XSRF-TOKEN': readCookie('XSRF-TOKEN') };
  const response = await fetch(`/api/v1/${call}`, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin', signal }).catch(() =>
    Promise.reject(new UploadFailed(DEFAULT_ERROR)),
  );
  const text = await response.text();
  if (!response.ok) throw new UploadFailed(messageFromBody(text));
  return JSON.parse(text) as S3Answer<Call>;
}

/** PUTs bytes to a presigned bucket address (no cookies go to the bucket); `inFlight` lets a cancel stop it. */
function putToBucket(url: string, body: Blob, onProgress: (sent: number) => void, inFlight: Set<XMLHttpRequest>): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    inFlight.add(xhr);
    xhr.open('PUT', url);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onloadend = () => inFlight.delete(xhr);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve(xhr) : reject(new UploadFailed(DEFAULT_ERROR)));
    xhr.onerror = () => reject(new UploadFailed(DEFAULT_ERROR));
    xhr.onabort = () => reject(new UploadFailed(ABORTED));
    xhr.send(body);
  });
}

/** A transfer that can be stopped: it then fails with the reason given to `cancel`, not the error the stop caused. */
function cancellable(done: Promise<FileEntry>, stop: () => void) {
  let reason: Error | undefined;
  return {
    done: done.catch((error) => Promise.reject(reason ?? error)),
    cancel: (why?: Error) => {
      reason = why;
      stop();
    },
  };
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new UploadFailed(ABORTED));
      },
      { once: true },
    );
  });

/**
 * Where this browser keeps an unfinished multipart upload (spec §3: under a key prefixed
 * s3-multipart built from the file's fingerprint), so the same file added again, after a reload
 * or a timeout, continues it. Uppy's file id is that fingerprint: name, type, folder path, size
 * and modification time.
 */
interface MultipartRecord {
  createdAt: number;
  fileKey: string;
  uploadId: string;
}
/** Incomplete multipart uploads are for the bucket's lifecycle rule to drop after a day (docs/deployment.md#s3-compatible-storage); older records lead nowhere. */
const MULTIPART_RECORD_MS = 24 * 60 * 60 * 1000;
const multipartRecords = {
  key: (file: File) => `s3-multipart-${file.id}`,
  read(file: File): MultipartRecord | undefined {
    try {
      const record = JSON.parse(localStorage.getItem(this.key(file)) ?? 'null') as MultipartRecord | null;
      if (record && typeof record.fileKey === 'string' && typeof record.uploadId === 'string' && Date.now() - record.createdAt < MULTIPART_RECORD_MS) return record;
    } catch {
      // Storage turned off or a record this code did not write: start afresh.
    }
    return undefined;
  },
  write(file: File, record: MultipartRecord) {
    try {
      localStorage.setItem(this.key(file), JSON.stringify(record));
    } catch {
      // Without storage the upload still works; it just cannot be resumed after a reload.
    }
  },
  clear(file: File) {
    try {
      localStorage.removeItem(this.key(file));
    } catch {
      // Nothing was stored.
    }
  },
};

/** The message the API put in its `{ message, errors }` payload, the file field's first. */
export function messageFromBody(text: string | undefined | null): string {
  try {
    const body = JSON.parse(text ?? '');
    const fileError = body?.errors?.file;
    return (Array.isArray(fileError) ? fileError[0] : fileError) || body?.message || DEFAULT_ERROR;
  } catch {
    return DEFAULT_ERROR;
  }
}

/**
 * Sends each file the way the server expects it (spec §7, §9): below the resumable threshold as
 * one multipart `POST file-entries`, from it on as a tus upload (`POST tus/upload`, chunks sent as
 * POST with a method override, then `POST tus/entries`), resuming an upload this browser started
 * before. With S3 direct uploads on, files go to the bucket instead: under 100 MB in one PUT, from
 * 100 MB on as an S3 multipart upload. At most `concurrency` run at once, one while a chunked or
 * multipart upload runs; an upload without progress for 30 s fails with 'Upload timed out'.
 */
export class CadenceUploader extends BasePlugin<DefinePluginOpts<UploaderOptions, never>, UploadMeta, UploadBody> {
  #cancels = new Map<string, () => void>();

  constructor(uppy: Uppy<UploadMeta, UploadBody>, opts: UploaderOptions) {
    super(uppy, opts);
    this.id = opts.id ?? 'CadenceUploader';
    this.type = 'uploader';
  }

  install() {
    this.uppy.addUploader(this.#uploadFiles);
    this.uppy.on('file-removed', this.#onRemoved);
    this.uppy.on('cancel-all', this.#onCancelAll);
  }

  uninstall() {
    this.uppy.removeUploader(this.#uploadFiles);
    this.uppy.off('file-removed', this.#onRemoved);
    this.uppy.off('cancel-all', this.#onCancelAll);
  }

  #onRemoved = (file: File) => this.#cancels.get(file.id)?.();
  #onCancelAll = () => {
    for (const cancel of [...this.#cancels.values()]) cancel();
  };

  /** With S3 storage and direct uploads on, files under 100 MB go to the bucket in one presigned PUT. */
  #direct(file: File): boolean {
    return Boolean(this.opts.restrictions.directUpload) && (file.size ?? 0) < DIRECT_UPLOAD_LIMIT;
  }

  /** With S3 storage and direct uploads on, files of 100 MB and more go to the bucket in parts. */
  #directMultipart(file: File): boolean {
    return Boolean(this.opts.restrictions.directUpload) && (file.size ?? 0) >= DIRECT_UPLOAD_LIMIT;
  }

  #chunked(file: File): boolean {
    if (this.#direct(file)) return false;
    if (this.#directMultipart(file)) return true;
    const { resumable, resumableThreshold } = this.opts.restrictions;
    return resumable && (file.size ?? 0) >= resumableThreshold;
  }

  #uploadFiles = async (fileIDs: string[]) => {
    const files = fileIDs.map((id) => this.uppy.getFile(id)).filter((file): file is File => Boolean(file) && !file.error && !file.progress.uploadComplete);
    if (!files.length) return;
    this.uppy.emit('upload-start', files);
    const queue: QueuedUpload[] = files.map((file) => ({ id: file.id, status: 'pending', chunked: this.#chunked(file) }));
    await new Promise<void>((resolve) => {
      const pump = () => {
        for (const id of uploadsToStart(queue, this.opts.restrictions.concurrency)) {
          const item = queue.find((upload) => upload.id === id)!;
          item.status = 'inProgress';
          void this.#uploadOne(id).then((status) => {
            item.status = status;
            pump();
          });
        }
        if (queue.every((upload) => upload.status !== 'pending' && upload.status !== 'inProgress')) resolve();
      };
      pump();
    });
  };

  /** One file from start to its final state; never rejects. */
  async #uploadOne(id: string): Promise<QueuedUpload['status']> {
    const file = this.uppy.getFile(id);
    if (!file) return 'aborted';
    let aborted = false;
    let stall: ReturnType<typeof setTimeout> | undefined;
    let cancelTransfer: (reason?: Error) => void = () => undefined;
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => cancelTransfer(new UploadFailed(TIMED_OUT)), STALL_TIMEOUT_MS);
    };
    const progress = (bytesUploaded: number, bytesTotal: number) => {
      watch();
      const current = this.uppy.getFile(id);
      if (!current) return;
      this.uppy.emit('upload-progress', current, { uploadStarted: current.progress.uploadStarted ?? Date.now(), bytesUploaded, bytesTotal });
    };
    this.#cancels.set(id, () => {
      aborted = true;
      cancelTransfer();
    });

    try {
      watch();
      progress(0, file.size ?? 0);
      const transfer = this.#direct(file)
        ? this.#sendDirect(file, progress)
        : this.#directMultipart(file)
          ? this.#sendDirectMultipart(file, progress)
          : this.#chunked(file)
            ? this.#sendResumable(file, progress)
            : this.#sendMultipart(file, progress);
      cancelTransfer = transfer.cancel;
      const entry = await transfer.done;
      clearTimeout(stall);
      if (aborted) return 'aborted';
      let result: unknown;
      if (this.opts.afterUpload) {
        this.uppy.emit('postprocess-progress', this.uppy.getFile(id), { mode: 'indeterminate', message: msg('Reading tags…') });
        result = await this.opts.afterUpload(entry, file);
        this.uppy.emit('postprocess-complete', this.uppy.getFile(id));
      }
      if (!this.uppy.getFile(id)) return 'aborted';
      this.uppy.emit('upload-success', this.uppy.getFile(id), { status: 201, body: { fileEntry: entry, result }, uploadURL: entry.url });
      return 'completed';
    } catch (error) {
      clearTimeout(stall);
      if (aborted || !this.uppy.getFile(id)) return 'aborted';
      const message = error instanceof Error && error.message ? error.message : DEFAULT_ERROR;
      this.uppy.emit('upload-error', this.uppy.getFile(id), { name: 'UploadError', message });
      return 'failed';
    } finally {
      this.#cancels.delete(id);
    }
  }

  #sendMultipart(file: File, progress: (sent: number, total: number) => void) {
    const xhr = new XMLHttpRequest();
    const done = new Promise<FileEntry>((resolve, reject) => {
      const form = new FormData();
      form.append('file', file.data as Blob, file.name ?? 'file');
      if (file.type) form.append('clientMime', file.type);
      if (file.extension) form.append('clientExtension', file.extension);
      form.append('metadata', JSON.stringify({ relativePath: file.meta.relativePath ?? null }));
      xhr.open('POST', '/api/v1/file-entries');
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('X-XSRF-TOKEN', readCookie('XSRF-TOKEN'));
      xhr.upload.onprogress = (event) => progress(event.loaded, event.lengthComputable ? event.total : (file.size ?? 0));
      xhr.onload = () => {
        if (xhr.status === 201) resolve(JSON.parse(xhr.responseText).fileEntry);
        else reject(new UploadFailed(messageFromBody(xhr.responseText)));
      };
      xhr.onerror = () => reject(new UploadFailed(DEFAULT_ERROR));
      xhr.onabort = () => reject(new UploadFailed(ABORTED));
      xhr.send(form);
    });
    return cancellable(done, () => xhr.abort());
  }

  /**
   * Spec §7 direct upload: `POST s3/simple/presign` for an address in the bucket, the bytes PUT
   * there (no cookies go to the bucket), then `POST s3/entries`, where the server checks them.
   */
  #sendDirect(file: File, progress: (sent: number, total: number) => void) {
    const abort = new AbortController();
    const inFlight = new Set<XMLHttpRequest>();
    const relativePath = file.meta.relativePath ?? null;
    const size = file.size ?? 0;
    const done = (async () => {
      const declared = { filename: file.name ?? 'file', mime: file.type || null, size, extension: file.extension || null, metadata: { relativePath } };
      const { url, key } = await s3Call('s3/simple/presign', declared, abort.signal);
      await putToBucket(url, file.data as Blob, (sent) => progress(sent, size), inFlight);
      return this.#directEntry(file, key, abort.signal);
    })();
    return cancellable(done, () => {
      abort.abort();
      for (const xhr of inFlight) xhr.abort();
    });
  }

  /** `POST s3/entries`: the server checks the bytes in the bucket and makes them a file entry. */
  async #directEntry(file: File, key: string, signal: AbortSignal): Promise<FileEntry> {
    const body = { filename: key, clientName: file.name ?? 'file', clientMime: file.type || null, clientExtension: file.extension || null, size: file.size ?? 0, metadata: { relativePath: file.meta.relativePath ?? null } };
    return (await s3Call('s3/entries', body, signal)).fileEntry;
  }

  /**
   * Spec §7 multipart upload, for files of 100 MB and more: `s3/multipart/create` (or, for a file
   * this browser had started, `get-uploaded-parts` to skip what the bucket already holds), parts
   * of 20 MB PUT to addresses signed 10 at a time, 5 at once, each retried 3 times with a fresh
   * address; then `complete` and `s3/entries`. A timeout keeps the upload so that a retry
   * resumes it; removing the file or any other failure aborts it and forgets it (spec §4).
   */
  #sendDirectMultipart(file: File, progress: (sent: number, total: number) => void) {
    const abort = new AbortController();
    const inFlight = new Set<XMLHttpRequest>();
    const size = file.size ?? 0;
    const data = file.data as Blob;
    const parts = multipartParts(size);
    const sent = new Map<number, number>();
    const report = () => progress([...sent.values()].reduce((sum, bytes) => sum + bytes, 0), size);
    const stop = () => {
      abort.abort();
      for (const xhr of inFlight) xhr.abort();
    };
    let upload: { key: string; uploadId: string } | undefined;
    let reason: Error | undefined;

    const run = async (): Promise<FileEntry> => {
      let received = new Map<number, string>();
      let left: FilePart[] = parts;
      const stored = multipartRecords.read(file);
      if (stored) {
        const target = { key: stored.fileKey, uploadId: stored.uploadId };
        const held = await s3Call('s3/multipart/get-uploaded-parts', target, abort.signal).catch((error) => {
          if (abort.signal.aborted) throw error;
          // Gone (aborted, expired, another account's): this file starts over.
          multipartRecords.clear(file);
          return undefined;
        });
        if (held) {
          upload = target;
          ({ done: received, left } = partsLeft(parts, held.parts));
        }
      }
      if (!upload) {
        const declared = { filename: file.name ?? 'file', mime: file.type || null, size, extension: file.extension || null, metadata: { relativePath: file.meta.relativePath ?? null } };
        upload = await s3Call('s3/multipart/create', declared, abort.signal);
        multipartRecords.write(file, { createdAt: Date.now(), fileKey: upload.key, uploadId: upload.uploadId });
      }
      const { key, uploadId } = upload;
      for (const part of parts) if (received.has(part.partNumber)) sent.set(part.partNumber, part.end - part.start);
      report();

      const addresses = new Map<number, Promise<string>>();
      const sign = (numbers: number[]) => {
        const batch = s3Call('s3/multipart/batch-sign-part-urls', { key, uploadId, partNumbers: numbers }, abort.signal);
        for (const number of numbers) {
          const address = batch.then(({ urls }) => urls.find((url) => url.partNumber === number)?.url ?? Promise.reject(new UploadFailed(DEFAULT_ERROR)));
          // Parts of a failed batch that no one waits for yet (the upload stopped first) are no error of their own.
          address.catch(() => undefined);
          addresses.set(number, address);
        }
      };
      const addressOf = (part: FilePart) => {
        if (!addresses.has(part.partNumber)) {
          const from = left.indexOf(part);
          sign(left.slice(from, from + MULTIPART.signBatch).map((p) => p.partNumber).filter((number) => !addresses.has(number)));
        }
        return addresses.get(part.partNumber)!;
      };
      const sendPart = async (part: FilePart) => {
        for (let retry = 0; ; retry += 1) {
          try {
            const onProgress = (bytes: number) => {
              sent.set(part.partNumber, bytes);
              report();
            };
            const xhr = await putToBucket(await addressOf(part), data.slice(part.start, part.end), onProgress, inFlight);
            // The bucket's CORS rule must expose ETag: without it the parts cannot be joined.
            const etag = xhr.getResponseHeader('ETag');
            if (!etag) throw new UploadFailed(DEFAULT_ERROR);
            sent.set(part.partNumber, part.end - part.start);
            received.set(part.partNumber, etag);
            return;
          } catch (error) {
            sent.set(part.partNumber, 0);
            if (abort.signal.aborted || retry >= MULTIPART.retries) throw error;
            // A fresh address next time: the old one may be what failed (expired after 30 minutes).
            addresses.delete(part.partNumber);
            await wait(partRetryDelay(retry), abort.signal);
          }
        }
      };
      const queue = [...left];
      const worker = async () => {
        for (let part = queue.shift(); part; part = queue.shift()) await sendPart(part);
      };
      const failFast = (error: unknown) => {
        // The first part that fails for good stops the others.
        stop();
        throw error;
      };
      await Promise.all(Array.from({ length: Math.min(MULTIPART.concurrentParts, queue.length) }, () => worker().catch(failFast)));

      report();
      const joined = [...received].sort(([a], [b]) => a - b).map(([PartNumber, ETag]) => ({ PartNumber, ETag }));
      await s3Call('s3/multipart/complete', { key, uploadId, parts: joined }, abort.signal);
      multipartRecords.clear(file);
      upload = undefined;
      return this.#directEntry(file, key, abort.signal);
    };

    const done = run().catch((error) => {
      stop();
      const failure = reason ?? error;
      // A stalled upload is kept for the retry to resume; anything else is abandoned in the bucket too.
      if (!(failure instanceof UploadFailed && failure.message === TIMED_OUT)) {
        multipartRecords.clear(file);
        if (upload) void s3Call('s3/multipart/abort', upload).catch(() => undefined);
      }
      return Promise.reject(failure);
    });
    return {
      done,
      cancel: (why?: Error) => {
        reason = why ?? new UploadFailed(ABORTED);
        stop();
      },
    };
  }

  #sendResumable(file: File, progress: (sent: number, total: number) => void) {
    let upload: TusUpload;
    let fail: (error: Error) => void = () => undefined;
    const done = new Promise<FileEntry>((resolve, reject) => {
      fail = reject;
      upload = new TusUpload(file.data as Blob, {
        endpoint: '/api/v1/tus/upload',
        chunkSize: this.opts.restrictions.chunkSize,
        retryDelays: RETRY_DELAYS_MS,
        // PATCH goes out as POST with X-HTTP-Method-Override, as every call of the client does.
        overridePatchMethod: true,
        headers: { 'X-XSRF-TOKEN': readCookie('XSRF-TOKEN') },
        metadata: {
          name: file.name ?? 'file',
          clientMime: file.type ?? '',
          clientExtension: file.extension ?? '',
          ...(file.meta.relativePath ? { relativePath: String(file.meta.relativePath) } : {}),
        },
        removeFingerprintOnSuccess: true,
        onProgress: (sent, total) => progress(sent, total),
        onError: (error) => reject(new UploadFailed(messageOfTusError(error))),
        onSuccess: async () => {
          try {
            const response = await fetch('/api/v1/tus/entries', {
              method: 'POST',
              credentials: 'same-origin',
              headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-XSRF-TOKEN': readCookie('XSRF-TOKEN') },
              body: JSON.stringify({ uploadKey: upload.url!.split('/').pop() }),
            });
            const text = await response.text();
            if (response.status !== 201) reject(new UploadFailed(messageFromBody(text)));
            else resolve(JSON.parse(text).fileEntry);
          } catch {
            reject(new UploadFailed(DEFAULT_ERROR));
          }
        },
      });
      // Continue where an earlier attempt from this browser stopped (spec §4, resumable from stored progress).
      void upload.findPreviousUploads().then((previous) => {
        if (previous.length) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      });
    });
    return {
      done,
      cancel: (why?: Error) => {
        // A timeout keeps what was sent so a retry resumes; removing the file deletes it on the server.
        void upload.abort(!why);
        fail(why ?? new UploadFailed(ABORTED));
      },
    };
  }
}

function messageOfTusError(error: Error | DetailedError): string {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (response) return messageFromBody(response.getBody());
  return DEFAULT_ERROR;
}

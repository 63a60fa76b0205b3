import { BasePlugin, type DefinePluginOpts, type PluginOpts, type Uppy, type UppyFile } from '@uppy/core';
import { Upload as TusUpload, type DetailedError } from 'tus-js-client';
import { DIRECT_UPLOAD_LIMIT, msg, RETRY_DELAYS_MS, STALL_TIMEOUT_MS, TIMED_OUT, uploadsToStart, type QueuedUpload, type UploadRestrictions } from './restrictions.ts';

export interface FileEntry {
  id: number;
  name: string;
  file_name: string;
  url: string;
  file_size: number;
  mime: string | null;
}

/*
 * Shared by the back office's Upload section and the site's /backstage/upload (which imports it as
 * @app/admin/upload/uploader.ts): it imports nothing of react-admin, so the site stays light.
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

class UploadFailed extends Error {}

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
 * before. At most `concurrency` run at once, one while a chunked upload runs; an upload without
 * progress for 30 s fails with 'Upload timed out'.
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

  #chunked(file: File): boolean {
    if (this.#direct(file)) return false;
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
      const transfer = this.#direct(file) ? this.#sendDirect(file, progress) : this.#chunked(file) ? this.#sendResumable(file, progress) : this.#sendMultipart(file, progress);
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
      xhr.onabort = () => reject(new UploadFailed(msg('Upload aborted')));
      xhr.send(form);
    });
    let reason: Error | undefined;
    return {
      done: done.catch((error) => Promise.reject(reason ?? error)),
      cancel: (why?: Error) => {
        reason = why;
        xhr.abort();
      },
    };
  }

  /**
   * Spec §7 direct upload: `POST s3/simple/presign` for an address in the bucket, the bytes PUT
   * there (no cookies go to the bucket), then `POST s3/entries`, where the server checks them.
   */
  #sendDirect(file: File, progress: (sent: number, total: number) => void) {
    const xhr = new XMLHttpRequest();
    const abort = new AbortController();
    const relativePath = file.meta.relativePath ?? null;
    const call = async <T>(path: string, body: unknown): Promise<T> => {
      const response = await fetch(path, {
        method: 'POST',
        credentials: 'same-origin',
        signal: abort.signal,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-XSRF-TOKEN': readCookie('XSRF-TOKEN') },
        body: JSON.stringify(body),
      }).catch(() => Promise.reject(new UploadFailed(DEFAULT_ERROR)));
      const text = await response.text();
      if (!response.ok) throw new UploadFailed(messageFromBody(text));
      return JSON.parse(text) as T;
    };
    const done = (async () => {
      const { url, key } = await call<{ url: string; key: string }>('/api/v1/s3/simple/presign', { filename: file.name ?? 'file', mime: file.type || null, size: file.size ?? 0, extension: file.extension || null, metadata: { relativePath } });
      await new Promise<void>((resolve, reject) => {
        xhr.open('PUT', url);
        xhr.upload.onprogress = (event) => progress(event.loaded, event.lengthComputable ? event.total : (file.size ?? 0));
        xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new UploadFailed(DEFAULT_ERROR)));
        xhr.onerror = () => reject(new UploadFailed(DEFAULT_ERROR));
        xhr.onabort = () => reject(new UploadFailed(msg('Upload aborted')));
        xhr.send(file.data as Blob);
      });
      const body = { filename: key, clientName: file.name ?? 'file', clientMime: file.type || null, clientExtension: file.extension || null, size: file.size ?? 0, metadata: { relativePath } };
      return (await call<{ fileEntry: FileEntry }>('/api/v1/s3/entries', body)).fileEntry;
    })();
    let reason: Error | undefined;
    return {
      done: done.catch((error) => Promise.reject(reason ?? error)),
      cancel: (why?: Error) => {
        reason = why;
        abort.abort();
        xhr.abort();
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
        fail(why ?? new UploadFailed(msg('Upload aborted')));
      },
    };
  }
}

function messageOfTusError(error: Error | DetailedError): string {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (response) return messageFromBody(response.getBody());
  return DEFAULT_ERROR;
}

import type { DataStore, Server, Upload } from '@tus/server';
import type { UploadSource } from './file-entries.service.ts';

// What the tus service and its two stores (local files, S3 objects) share, in a module of its own
// so that the stores need not import the service that builds them.

/** Unfinished uploads are kept this long after they start, then cleaned up. */
export const EXPIRATION_MS = 24 * 60 * 60 * 1000;
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * Where tus keeps unfinished uploads: files under STORAGE_PATH/tus with the local driver, objects
 * under `<prefix>tus/` of the bucket with S3, so that any process can continue any upload.
 */
export interface Resumable {
  server: Server;
  store: DataStore;
  lastCleanup: number;
  /** A finished upload, as storeUpload takes it. */
  finished(upload: Upload): UploadSource;
  /** Whether the finished bytes are still where tus put them (not yet moved into storage). */
  staged(id: string): Promise<boolean>;
  /** Forgets an upload: its bytes, if still there, and its record. */
  discard(id: string): Promise<void>;
}

import type { FileEntry } from './uploader.ts';

/**
 * The spec's direct-upload calls (platform spec §7, under /api/v1) as the uploader sends them and
 * the API answers them: api/src/uploads/s3-uploads.routes.ts checks its answers against these
 * types, so the two sides cannot drift apart without the typecheck failing.
 */
export interface DeclaredFile {
  filename: string;
  mime?: string | null;
  size: number;
  extension?: string | null;
  metadata?: Record<string, unknown> | null;
}
export interface MultipartTarget {
  key: string;
  uploadId: string;
}
export interface S3Calls {
  's3/simple/presign': { body: DeclaredFile; answer: { url: string; key: string; acl: 'private' } };
  's3/multipart/create': { body: DeclaredFile; answer: MultipartTarget };
  's3/multipart/get-uploaded-parts': { body: MultipartTarget; answer: { parts: { PartNumber: number; ETag: string; Size: number }[] } };
  's3/multipart/batch-sign-part-urls': { body: MultipartTarget & { partNumbers: number[] }; answer: { urls: { url: string; partNumber: number }[] } };
  's3/multipart/complete': { body: MultipartTarget & { parts: { PartNumber: number; ETag: string }[] }; answer: { key: string } };
  's3/multipart/abort': { body: MultipartTarget; answer: { aborted: true } };
  's3/entries': {
    body: { filename: string; clientName: string; clientMime: string | null; clientExtension: string | null; size: number; metadata: Record<string, unknown> };
    answer: { fileEntry: FileEntry };
  };
}
export type S3Answer<Call extends keyof S3Calls> = S3Calls[Call]['answer'];

import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { S3Answer } from '@app/shared/upload/s3-calls';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse as json } from '../http/schemas.ts';
import {
  abortMultipartUpload,
  completeDirectUpload,
  completeMultipartUpload,
  createMultipartUpload,
  presignSimpleUpload,
  signPartUrls,
  uploadedParts,
} from './direct-uploads.service.ts';
import { presentFileEntry } from './file-entries.service.ts';
import { FileEntrySchema, uploaders } from './file-entries.routes.ts';

/**
 * The spec's direct uploads to S3 (§7): presigned addresses for one PUT or for the parts of a
 * multipart upload, then `s3/entries` for the file entry. Only with STORAGE_DRIVER=s3; elsewhere
 * they answer 404 and the uploader uses tus.
 */
const DeclaredFile = z.object({
  filename: z.string().min(1).max(255),
  mime: z.string().max(255).nullish(),
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  extension: z.string().max(50).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
const StagingKey = z.string().min(1).max(200);
// S3's upload ids are opaque, long and URL-safe.
const UploadId = z.string().min(1).max(1024).regex(/^[A-Za-z0-9._~=+/-]+$/);
const Multipart = z.object({ key: StagingKey, uploadId: UploadId });
const Part = z.object({ PartNumber: z.number().int().min(1).max(10_000), ETag: z.string().min(1).max(200) });

const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });

export const s3UploadsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'post',
      path: '/s3/simple/presign',
      tags: ['Uploads'],
      summary: 'An address to PUT one file to the S3 bucket (S3 storage only); then POST s3/entries',
      middleware: [uploaders] as const,
      request: body(DeclaredFile.extend({ disk: z.enum(['uploads', 'public']).optional() })),
      responses: { 200: json(z.object({ url: z.string(), key: z.string(), acl: z.literal('private') }), 'The presigned PUT address, good for 30 minutes'), ...errorResponses },
    }),
    async (c) => c.json((await presignSimpleUpload(c.get('deps'), c.get('auth').user!, c.req.valid('json'))) satisfies S3Answer<'s3/simple/presign'>, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/s3/multipart/create',
      tags: ['Uploads'],
      summary: 'Start a multipart upload to the S3 bucket (S3 storage only)',
      middleware: [uploaders] as const,
      request: body(DeclaredFile),
      responses: { 200: json(z.object({ uploadId: z.string(), key: z.string() }), 'The upload to send parts to'), ...errorResponses },
    }),
    async (c) => c.json((await createMultipartUpload(c.get('deps'), c.get('auth').user!, c.req.valid('json'))) satisfies S3Answer<'s3/multipart/create'>, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/s3/multipart/get-uploaded-parts',
      tags: ['Uploads'],
      summary: 'The parts a multipart upload has received, to resume it',
      middleware: [uploaders] as const,
      request: body(Multipart),
      responses: { 200: json(z.object({ parts: z.array(z.object({ PartNumber: z.number(), ETag: z.string(), Size: z.number() })) }), 'The parts received'), ...errorResponses },
    }),
    async (c) => {
      const { key, uploadId } = c.req.valid('json');
      return c.json({ parts: await uploadedParts(c.get('deps'), c.get('auth').user!, key, uploadId) } satisfies S3Answer<'s3/multipart/get-uploaded-parts'>, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/s3/multipart/batch-sign-part-urls',
      tags: ['Uploads'],
      summary: 'Presigned PUT addresses for parts of a multipart upload',
      middleware: [uploaders] as const,
      request: body(Multipart.extend({ partNumbers: z.array(z.number().int().min(1).max(10_000)).min(1).max(100) })),
      responses: { 200: json(z.object({ urls: z.array(z.object({ url: z.string(), partNumber: z.number() })) }), 'One address per part, good for 30 minutes'), ...errorResponses },
    }),
    async (c) => {
      const { key, uploadId, partNumbers } = c.req.valid('json');
      return c.json({ urls: await signPartUrls(c.get('deps'), c.get('auth').user!, key, uploadId, partNumbers) } satisfies S3Answer<'s3/multipart/batch-sign-part-urls'>, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/s3/multipart/complete',
      tags: ['Uploads'],
      summary: 'Join the parts of a multipart upload; then POST s3/entries',
      middleware: [uploaders] as const,
      request: body(Multipart.extend({ parts: z.array(Part).min(1).max(10_000) })),
      responses: { 200: json(z.object({ key: z.string() }), 'Joined'), ...errorResponses },
    }),
    async (c) => {
      const { key, uploadId, parts } = c.req.valid('json');
      await completeMultipartUpload(c.get('deps'), c.get('auth').user!, key, uploadId, parts);
      return c.json({ key } satisfies S3Answer<'s3/multipart/complete'>, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/s3/multipart/abort',
      tags: ['Uploads'],
      summary: 'Abandon a multipart upload and drop its parts',
      middleware: [uploaders] as const,
      request: body(Multipart),
      responses: { 200: json(z.object({ aborted: z.literal(true) }), 'Abandoned'), ...errorResponses },
    }),
    async (c) => {
      const { key, uploadId } = c.req.valid('json');
      await abortMultipartUpload(c.get('deps'), c.get('auth').user!, key, uploadId);
      return c.json({ aborted: true as const } satisfies S3Answer<'s3/multipart/abort'>, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/s3/entries',
      tags: ['Uploads'],
      summary: 'Turn a direct upload into a file entry (its bytes are checked as any upload)',
      middleware: [uploaders] as const,
      request: body(
        z.object({
          filename: StagingKey.openapi({ description: 'The key s3/simple/presign or s3/multipart/create answered' }),
          clientName: z.string().max(255),
          clientMime: z.string().max(255).nullish(),
          clientExtension: z.string().max(50).nullish(),
          size: z.number().int().min(0).nullish(),
          metadata: z.object({ disk: z.enum(['uploads', 'public']).optional(), relativePath: z.string().max(1000).nullish() }).passthrough().nullish(),
        }),
      ),
      responses: { 201: json(z.object({ fileEntry: FileEntrySchema }), 'The stored file'), ...errorResponses },
    }),
    async (c) => {
      const deps = c.get('deps');
      const request = c.req.valid('json');
      const entry = await completeDirectUpload(deps, c.get('auth').user!, {
        filename: request.filename,
        clientName: request.clientName,
        clientMime: request.clientMime ?? null,
        disk: request.metadata?.disk ?? 'uploads',
        relativePath: request.metadata?.relativePath ?? null,
      });
      return c.json({ fileEntry: presentFileEntry(deps.storage, entry) } satisfies S3Answer<'s3/entries'>, 201);
    },
  );


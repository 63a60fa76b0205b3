import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context.ts';
import { requireLogin } from '../http/auth.ts';
import { ApiError, forbidden, notFound, unauthenticated, validationFailed, validationHook } from '../http/errors.ts';
import { parseRange } from '../http/range.ts';
import { errorResponses, ErrorSchema, idParam, jsonResponse as json } from '../http/schemas.ts';
import { BACKSTAGE_UPLOAD_TYPES, deleteEntries, loadUploadRules, manageableEntry, mayUpload, mayUploadForBackstageRequest, presentFileEntry, storeUpload } from './file-entries.service.ts';
import { directUploadsEnabled } from './direct-uploads.service.ts';
import { completeUpload, findOwnUpload, prepareCreation, resumableUploads } from './resumable-uploads.service.ts';
import { checkDeclaredUpload, checkRelativePath, RESUMABLE_THRESHOLD_BYTES, tooLargeMessage, UPLOAD_CONCURRENCY } from './upload-rules.ts';

/** Paths whose body size these routes limit themselves, from the upload settings. */
export const OWN_BODY_LIMIT_ROUTES = [/^\/api\/v1\/file-entries$/, /^\/api\/v1\/tus\/upload(\/[^/]*)?$/];

/** Room for the multipart form around the file. */
const FORM_OVERHEAD = 64 * 1024;

export const FileEntrySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    file_name: z.string(),
    url: z.string(),
    file_size: z.number(),
    mime: z.string().nullable(),
    extension: z.string().nullable(),
    disk: z.string(),
    parent_id: z.number().nullable(),
    user_id: z.number().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('FileEntry');

const FileEntryResponse = z.object({ fileEntry: FileEntrySchema });

const UploadRulesSchema = z
  .object({
    maxSize: z.number(),
    allowed: z.array(z.string()),
    blocked: z.array(z.string()),
    chunkSize: z.number(),
    resumable: z.boolean(),
    resumableThreshold: z.number(),
    concurrency: z.number(),
    /** With S3 storage the browser may send files to the bucket itself (s3/simple/presign, s3/multipart/*). */
    directUpload: z.boolean(),
  })
  .openapi('UploadRestrictions');

export const uploaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const auth = c.get('auth');
  if (!auth.user) throw unauthenticated();
  if (!mayUpload(auth)) throw forbidden("You don't have permission to upload files.");
  await next();
};

/** Besides uploaders, users who may ask for artist access: the handler holds them to their request's files. */
const uploadersOrRequesters: MiddlewareHandler<AppEnv> = async (c, next) => {
  const auth = c.get('auth');
  if (!auth.user) throw unauthenticated();
  if (!mayUpload(auth) && !mayUploadForBackstageRequest(auth)) throw forbidden("You don't have permission to upload files.");
  await next();
};

/** The whole form may be as large as the largest allowed file, which the settings decide. */
const uploadBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { maxSize } = await loadUploadRules(c.get('deps'));
  return bodyLimit({
    maxSize: maxSize + FORM_OVERHEAD,
    onError: () => {
      const message = tooLargeMessage(maxSize);
      throw new ApiError(413, message, { file: message });
    },
  })(c, next);
};

const MultipartBody = z.object({
  file: z.any().optional().openapi({ type: 'string', format: 'binary', description: 'The file (required)' }),
  clientMime: z.string().optional(),
  clientExtension: z.string().optional(),
  metadata: z.string().optional().openapi({ description: 'JSON: { disk: "uploads" | "public", relativePath, uploadType?: "backstageRequest" }; uploadType lets users who may ask for artist access upload an image or PDF for their request' }),
});

const FormMetadata = z
  .object({
    disk: z.enum(['uploads', 'public']).optional(),
    /** `backstageRequest`: the image or proof of identity of an artist-access request. */
    uploadType: z.enum(['backstageRequest']).optional(),
    parentId: z.number().int().positive().nullable().optional(),
    relativePath: z.string().max(1000).nullable().optional(),
  })
  .passthrough();

function parseFormMetadata(value: unknown) {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'string') throw validationFailed({ metadata: 'metadata must be a JSON object.' });
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw validationFailed({ metadata: 'metadata must be a JSON object.' });
  }
  const parsed = FormMetadata.safeParse(json);
  if (!parsed.success) throw validationFailed({ metadata: parsed.error.issues[0]?.message ?? 'metadata is invalid.' });
  return parsed.data;
}

const DeleteBody = z.strictObject({
  entryIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(1000).default([]),
  paths: z.array(z.string().max(300)).max(1000).default([]),
  deleteForever: z.boolean().optional(),
});

/** tus answers errors in plain text; the API answers JSON `{ message }` everywhere. */
async function asApiResponse(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const text = (await response.text()).trim();
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.set('Content-Type', 'application/json');
  const message = response.status === 409 ? `Upload-Offset conflict: this is not where the upload stands. Ask for its offset (HEAD) and continue from there.` : text || 'The upload failed.';
  return new Response(JSON.stringify({ message }), { status: response.status, headers });
}

const uploadIdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '0f8fad5bd9cb469fa16570867728950e' }) });
const tusHeaders = z.object({ 'Tus-Resumable': z.string().openapi({ example: '1.0.0' }) });

export const fileEntriesRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'get',
      path: '/uploads/restrictions',
      tags: ['Uploads'],
      summary: 'What may be uploaded and how: size limit, allowed and blocked types, chunk size, concurrency',
      middleware: [uploaders] as const,
      responses: { 200: json(UploadRulesSchema, 'The upload settings'), ...errorResponses },
    }),
    async (c) => {
      const rules = await loadUploadRules(c.get('deps'));
      return c.json({ ...rules, resumableThreshold: RESUMABLE_THRESHOLD_BYTES, concurrency: UPLOAD_CONCURRENCY, directUpload: directUploadsEnabled(c.get('deps')) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/file-entries',
      tags: ['Uploads'],
      summary: 'Upload a file in one request (files under 4 MB; larger ones use tus/upload)',
      middleware: [uploadersOrRequesters, uploadBodyLimit] as const,
      request: { body: { content: { 'multipart/form-data': { schema: MultipartBody } }, required: true } },
      responses: { 201: json(FileEntryResponse, 'The stored file'), 413: json(ErrorSchema, 'The file is larger than the settings allow'), ...errorResponses },
    }),
    async (c) => {
      const deps = c.get('deps');
      const user = c.get('auth').user!;
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const file = form.file;
      if (!(file instanceof File)) throw validationFailed({ file: 'Choose a file to upload.' });
      const metadata = parseFormMetadata(form.metadata);
      const forRequest = metadata.uploadType === 'backstageRequest';
      if (!forRequest && !mayUpload(c.get('auth'))) throw forbidden("You don't have permission to upload files.");
      const clientMime = typeof form.clientMime === 'string' && form.clientMime ? form.clientMime.slice(0, 255) : file.type || null;
      const rules = await loadUploadRules(deps);
      const { name } = checkDeclaredUpload(rules, { name: file.name, size: file.size, mime: clientMime });
      const entry = await storeUpload(deps, user, { kind: 'bytes', bytes: new Uint8Array(await file.arrayBuffer()) }, {
        clientName: name,
        clientMime,
        disk: metadata.disk ?? 'uploads',
        parentId: null,
        relativePath: checkRelativePath(metadata.relativePath),
        onlyTypes: forRequest ? BACKSTAGE_UPLOAD_TYPES : undefined,
      });
      return c.json({ fileEntry: presentFileEntry(deps.storage, entry) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/file-entries/delete',
      tags: ['Uploads'],
      summary: 'Delete file entries and their stored bytes (by id, or by stored name in paths)',
      middleware: [requireLogin()] as const,
      request: { body: { content: { 'application/json': { schema: DeleteBody } }, required: true } },
      responses: { 200: json(z.object({ deleted: z.array(z.number()) }), 'Ids of the deleted entries'), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid('json');
      if (!body.entryIds.length && !body.paths.length) throw validationFailed({ entryIds: 'Choose at least one file to delete.' });
      return c.json({ deleted: await deleteEntries(c.get('deps'), c.get('auth'), body) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/file-entries/{id}/preview',
      tags: ['Uploads'],
      summary: "A file entry's bytes, with Range support (owner or files.update)",
      middleware: [requireLogin()] as const,
      request: { params: idParam },
      responses: {
        200: { description: 'The file', content: { 'application/octet-stream': { schema: z.any() } } },
        206: { description: 'The requested byte range', content: { 'application/octet-stream': { schema: z.any() } } },
        416: { description: 'The range starts past the end of the file' },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { storage } = c.get('deps');
      const entry = await manageableEntry(c.get('deps'), c.get('auth'), c.req.valid('param').id);
      const disk = entry.disk === 'public' ? 'public' : 'uploads';
      const size = await storage.size(disk, entry.file_name);
      if (size === undefined) throw notFound('The stored file is missing.');
      const mime = entry.mime || 'application/octet-stream';
      // Media and raster images are shown in the page; anything else (HTML, SVG, text) is only downloaded.
      const inline = /^(audio|video)\//.test(mime) || /^image\/(png|jpeg|gif|webp|avif)$/.test(mime);
      const headers: Record<string, string> = {
        'Content-Type': inline ? mime : 'application/octet-stream',
        'Accept-Ranges': 'bytes',
        'Cache-Control': 'private, max-age=3600',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'X-Content-Type-Options': 'nosniff',
        'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(entry.name)}`,
      };
      const range = parseRange(c.req.header('Range'), size);
      const read = (part?: { start: number; end: number }) => (c.req.method === 'HEAD' ? null : storage.read(disk, entry.file_name, part));
      if (range.kind === 'unsatisfiable') return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${size}` });
      if (range.kind === 'partial') {
        return new Response(read(range), {
          status: 206,
          headers: { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${size}`, 'Content-Length': String(range.end - range.start + 1) },
        });
      }
      return new Response(size ? read() : null, { status: 200, headers: { ...headers, 'Content-Length': String(size) } });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/tus/entries',
      tags: ['Uploads'],
      summary: 'Turn a finished resumable upload into a file entry',
      middleware: [uploaders] as const,
      request: { body: { content: { 'application/json': { schema: z.strictObject({ uploadKey: z.string().max(100) }) } }, required: true } },
      responses: { 201: json(FileEntryResponse, 'The stored file'), 409: json(ErrorSchema, 'The upload is not finished'), ...errorResponses },
    }),
    async (c) => {
      const deps = c.get('deps');
      const entry = await completeUpload(deps, c.get('auth').user!, c.req.valid('json').uploadKey);
      return c.json({ fileEntry: presentFileEntry(deps.storage, entry) }, 201);
    },
  );

// The tus protocol itself (creation, PATCH chunks, HEAD offsets, termination) is answered by
// @tus/server; these routes check who is asking and what is declared before handing it over.
fileEntriesRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: 'post',
    path: '/tus/upload',
    tags: ['Uploads'],
    summary: 'Start a resumable upload (tus 1.0.0 creation): Upload-Length and Upload-Metadata (name, clientMime, disk, relativePath)',
    request: { headers: tusHeaders.extend({ 'Upload-Length': z.string(), 'Upload-Metadata': z.string().optional() }) },
    responses: { 201: { description: 'Created; Location holds the upload address' }, 413: json(ErrorSchema, 'Larger than the settings allow'), ...errorResponses },
  }),
);
fileEntriesRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: 'patch',
    path: '/tus/upload/{id}',
    tags: ['Uploads'],
    summary: 'Send the next chunk (may be POST with X-HTTP-Method-Override: PATCH); a wrong Upload-Offset gets 409',
    request: { params: uploadIdParam, headers: tusHeaders.extend({ 'Upload-Offset': z.string(), 'Content-Type': z.literal('application/offset+octet-stream') }) },
    responses: { 204: { description: 'Stored; Upload-Offset holds the new offset' }, 409: json(ErrorSchema, 'Upload-Offset is not where the upload stands'), ...errorResponses },
  }),
);
fileEntriesRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: 'head',
    path: '/tus/upload/{id}',
    tags: ['Uploads'],
    summary: 'Where an upload stands (Upload-Offset, Upload-Length), to resume it',
    request: { params: uploadIdParam, headers: tusHeaders },
    responses: { 200: { description: 'Upload-Offset and Upload-Length headers' }, 404: { description: 'No such upload of yours' } },
  }),
);
fileEntriesRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: 'delete',
    path: '/tus/upload/{id}',
    tags: ['Uploads'],
    summary: 'Abandon an upload and delete what was received',
    request: { params: uploadIdParam, headers: tusHeaders },
    responses: { 204: { description: 'Deleted' }, ...errorResponses },
  }),
);

fileEntriesRoutes.post('/tus/upload', uploaders, async (c) => {
  const deps = c.get('deps');
  const headers = await prepareCreation(deps, c.get('auth').user!, c.req.raw.headers);
  const request = new Request(c.req.url, { method: 'POST', headers, body: c.req.raw.body, duplex: 'half' } as RequestInit);
  return asApiResponse(await (await resumableUploads(deps)).server.handleWeb(request));
});

const ownUpload: MiddlewareHandler<AppEnv> = async (c, next) => {
  const upload = await findOwnUpload(c.get('deps'), c.get('auth').user!, c.req.param('id') ?? '');
  if (!upload) throw notFound('This upload does not exist or has expired.');
  await next();
};

const toTus = async (c: Context<AppEnv>) => asApiResponse(await (await resumableUploads(c.get('deps'))).server.handleWeb(c.req.raw));

fileEntriesRoutes.patch('/tus/upload/:id', uploaders, ownUpload, toTus);
fileEntriesRoutes.delete('/tus/upload/:id', uploaders, ownUpload, toTus);
// Hono answers HEAD with the GET route; only HEAD is part of tus, reading the bytes back is not.
fileEntriesRoutes.get('/tus/upload/:id', uploaders, ownUpload, async (c) => {
  if (c.req.method !== 'HEAD') return c.json({ message: 'Ask for an upload with HEAD; its bytes are read through its file entry.' }, 405, { Allow: 'HEAD, PATCH, DELETE' });
  return toTus(c);
});


import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The multipart calls s3rver leaves out (ListParts, AbortMultipartUpload, ListMultipartUploads),
 * answered from the folder where s3rver keeps the parts of unfinished uploads
 * (`<bucket>/._S3rver_uploads/<uploadId>/{key,1,1.md5,…}`), and a NoSuchUpload for completing one
 * that is gone. tus's S3 store and the direct multipart uploads need all of them.
 */
interface Context {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function xml(ctx: Context, status: number, body: string) {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

const noSuchUpload = (ctx: Context) => xml(ctx, 404, '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>');

export function multipartExtras(root: string) {
  const uploadsDir = (bucket: string) => path.join(root, bucket, '._S3rver_uploads');
  const uploadDir = (bucket: string, uploadId: string) => (/^[0-9a-f]{32}$/.test(uploadId) ? path.join(uploadsDir(bucket), uploadId) : undefined);
  const keyOf = async (dir: string) => readFile(path.join(dir, 'key'), 'utf8').catch(() => undefined);

  return async (ctx: Context, next: () => Promise<void>) => {
    const [bucket, ...keyParts] = ctx.path.split('/').slice(1).map(decodeURIComponent);
    const key = keyParts.join('/');
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;

    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const entries = await readdir(uploadsDir(bucket)).catch(() => [] as string[]);
      const uploads: string[] = [];
      for (const id of entries.sort()) {
        const dir = path.join(uploadsDir(bucket), id);
        const uploadKey = await keyOf(dir);
        if (uploadKey === undefined || !uploadKey.startsWith(prefix)) continue;
        const initiated = (await stat(dir)).birthtime.toISOString();
        uploads.push(`<Upload><Key>${escapeXml(uploadKey)}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`);
      }
      return xml(ctx, 200, `<ListMultipartUploadsResult><Bucket>${escapeXml(bucket)}</Bucket><Prefix>${escapeXml(prefix)}</Prefix><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`);
    }
    if (!key || uploadId === undefined) return next();
    const dir = uploadDir(bucket, uploadId);
    if (!dir || (await keyOf(dir)) !== key) return noSuchUpload(ctx);

    if (ctx.method === 'GET') {
      const marker = Number(ctx.query['part-number-marker'] ?? 0) || 0;
      const numbers = (await readdir(dir)).filter((name) => /^\d+$/.test(name)).map(Number).filter((n) => n > marker).sort((a, b) => a - b);
      const parts: string[] = [];
      for (const number of numbers) {
        const file = path.join(dir, String(number));
        const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8').catch(() => '')]);
        parts.push(`<Part><PartNumber>${number}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`);
      }
      return xml(ctx, 200, `<ListPartsResult><Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`);
    }
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    return next();
  };
}

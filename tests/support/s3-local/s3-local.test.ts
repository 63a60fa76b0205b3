import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Local, type S3LocalHandle } from './index.ts';

let s3: S3LocalHandle;
beforeAll(async () => {
  s3 = await startS3Local();
});
afterAll(() => s3.close());

const client = (secretAccessKey = s3.secretAccessKey) =>
  new S3Client({ endpoint: s3.url, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey }, requestChecksumCalculation: 'WHEN_REQUIRED' });

describe('s3-local', () => {
  it('accepts requests signed with its key pair and refuses others, as S3 does', async () => {
    await client().send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'signed.txt', Body: 'kept' }));
    const wrong = await client('not-the-secret').send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'forged.txt', Body: 'x' })).catch((error: Error) => error);
    expect(wrong).toMatchObject({ name: 'SignatureDoesNotMatch' });
    const anonymous = await fetch(`${s3.url}/${s3.bucket}/signed.txt`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('honours presigned addresses for what they were signed for, until they expire', async () => {
    const put = await getSignedUrl(client(), new PutObjectCommand({ Bucket: s3.bucket, Key: 'direct/a.bin' }), { expiresIn: 60 });
    expect((await fetch(put, { method: 'PUT', body: 'direct bytes' })).status).toBe(200);
    // The same signature for another key does not hold.
    expect((await fetch(put.replace('/direct/a.bin', '/direct/b.bin'), { method: 'PUT', body: 'x' })).status).toBe(403);
    const get = await getSignedUrl(client(), new GetObjectCommand({ Bucket: s3.bucket, Key: 'direct/a.bin' }), { expiresIn: 60 });
    expect(await (await fetch(get, { headers: { Range: 'bytes=7-11' } })).text()).toBe('bytes');
    const expired = await getSignedUrl(client(), new GetObjectCommand({ Bucket: s3.bucket, Key: 'direct/a.bin' }), { expiresIn: 1, signingDate: new Date(Date.now() - 60_000) });
    expect((await fetch(expired)).status).toBe(403);
  });

  it('lists the parts and the unfinished uploads of a multipart upload, and aborts it', async () => {
    const s3Client = client();
    const { UploadId } = await s3Client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: 'parts/big.bin' }));
    await s3Client.send(new UploadPartCommand({ Bucket: s3.bucket, Key: 'parts/big.bin', UploadId, PartNumber: 1, Body: Buffer.alloc(1000, 1) }));
    const listed = await s3Client.send(new ListPartsCommand({ Bucket: s3.bucket, Key: 'parts/big.bin', UploadId }));
    expect(listed.Parts?.map((part) => [part.PartNumber, part.Size])).toEqual([[1, 1000]]);
    const uploads = await s3Client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: 'parts/' }));
    expect(uploads.Uploads?.map((upload) => upload.UploadId)).toEqual([UploadId]);
    await s3Client.send(new AbortMultipartUploadCommand({ Bucket: s3.bucket, Key: 'parts/big.bin', UploadId }));
    const gone = await s3Client.send(new ListPartsCommand({ Bucket: s3.bucket, Key: 'parts/big.bin', UploadId })).catch((error: Error) => error);
    expect(gone).toMatchObject({ name: 'NoSuchUpload' });
  });

  it('survives writes into a folder that a delete empties at the same moment', async () => {
    // s3rver removes a folder a DELETE leaves empty, and makes a PUT's folder before opening its file:
    // one between the two used to end the whole process (uploads of one user share direct/<id>/).
    const s3Client = client();
    for (let round = 0; round < 40; round += 1) {
      await s3Client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `race/${round}/old.bin`, Body: 'old' }));
      await Promise.all([
        s3Client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `race/${round}/old.bin` })),
        ...[1, 2, 3].map((n) => s3Client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `race/${round}/new-${n}.bin`, Body: 'new' }))),
      ]);
      for (const n of [1, 2, 3]) {
        const object = await s3Client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `race/${round}/new-${n}.bin` }));
        expect(await object.Body!.transformToString()).toBe('new');
      }
    }
  });
});

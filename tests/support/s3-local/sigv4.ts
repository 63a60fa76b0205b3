import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * AWS Signature Version 4 as S3 checks it, for the local S3 server (s3rver reads the access key of
 * a V4 request but does not check its signature). Header-signed requests and presigned URLs are
 * both checked, with their expiry; the body's hash is taken as declared in x-amz-content-sha256.
 */
export interface SignedRequest {
  method: string;
  /** Path and query as sent (`/bucket/key?uploads=`), still encoded. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export type Verdict = { ok: true; accessKeyId: string } | { ok: false; code: 'AccessDenied' | 'InvalidAccessKeyId' | 'SignatureDoesNotMatch' | 'AuthorizationQueryParametersError'; message: string };

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding, as SigV4 wants it: encodeURIComponent leaves !'()* alone. */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function decode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, '%20'));
  } catch {
    return value;
  }
}

function canonicalQuery(query: string, leaveOut: string): string {
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const index = pair.indexOf('=');
      const name = decode(index < 0 ? pair : pair.slice(0, index));
      const value = index < 0 ? '' : decode(pair.slice(index + 1));
      return [encode(name), encode(value)] as const;
    })
    .filter(([name]) => name !== leaveOut)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function header(headers: SignedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** `20261124T220000Z` → milliseconds, or NaN. */
function amzTime(value: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return match ? Date.UTC(+match[1], +match[2] - 1, +match[3], +match[4], +match[5], +match[6]) : Number.NaN;
}

export function verifySigV4(request: SignedRequest, secrets: ReadonlyMap<string, string>, now = Date.now()): Verdict {
  const [path, query = ''] = request.url.split(/\?(.*)/s, 2);
  const params = new URLSearchParams(query);
  const authorization = header(request.headers, 'authorization');
  let credential: string;
  let signedHeaders: string;
  let signature: string;
  let amzDate: string;
  let payloadHash: string;
  let presigned = false;
  if (authorization) {
    const match = /^AWS4-HMAC-SHA256\s+Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(authorization.trim());
    if (!match) return { ok: false, code: 'AccessDenied', message: 'Only AWS Signature Version 4 is accepted.' };
    [, credential, signedHeaders, signature] = match;
    amzDate = header(request.headers, 'x-amz-date') ?? '';
    payloadHash = header(request.headers, 'x-amz-content-sha256') ?? '';
    if (!payloadHash) return { ok: false, code: 'AccessDenied', message: 'x-amz-content-sha256 is required.' };
  } else if (params.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
    presigned = true;
    credential = params.get('X-Amz-Credential') ?? '';
    signedHeaders = params.get('X-Amz-SignedHeaders') ?? '';
    signature = params.get('X-Amz-Signature') ?? '';
    amzDate = params.get('X-Amz-Date') ?? '';
    payloadHash = params.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    const expires = Number(params.get('X-Amz-Expires'));
    if (!Number.isInteger(expires) || expires < 1 || expires > 604800) return { ok: false, code: 'AuthorizationQueryParametersError', message: 'X-Amz-Expires must be 1 to 604800 seconds.' };
    if (now > amzTime(amzDate) + expires * 1000) return { ok: false, code: 'AccessDenied', message: 'Request has expired' };
  } else {
    return { ok: false, code: 'AccessDenied', message: 'Anonymous requests are not allowed.' };
  }
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  const secret = secrets.get(accessKeyId);
  if (secret === undefined) return { ok: false, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  const time = amzTime(amzDate);
  if (Number.isNaN(time) || !amzDate.startsWith(date) || service !== 's3' || terminator !== 'aws4_request') {
    return { ok: false, code: 'AccessDenied', message: 'The credential scope or date is invalid.' };
  }
  // A header-signed request is good for 15 minutes either side of its date, as S3 has it.
  if (!presigned && Math.abs(now - time) > 15 * 60 * 1000) return { ok: false, code: 'AccessDenied', message: 'The difference between the request time and the current time is too large.' };
  const names = signedHeaders.split(';');
  if (!names.includes('host')) return { ok: false, code: 'AccessDenied', message: 'The host header must be signed.' };
  const canonicalHeaders = names.map((name) => `${name}:${(header(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [request.method, path, canonicalQuery(query, presigned ? 'X-Amz-Signature' : ''), canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/${terminator}`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), terminator);
  const expected = hmac(key, stringToSign);
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.' };
  }
  return { ok: true, accessKeyId };
}

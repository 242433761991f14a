import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The keys one simulated S3 account signs with. */
export interface S3Key {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Why a request is refused, as S3 names it; the caller writes it as an XML error. */
export interface SignatureProblem {
  status: number;
  code:
    | 'AccessDenied'
    | 'InvalidAccessKeyId'
    | 'SignatureDoesNotMatch'
    | 'RequestTimeTooSkewed'
    | 'AuthorizationHeaderMalformed';
  message: string;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
/** As S3: a request signed more than 15 minutes from now (real time) is refused. */
const MAX_SKEW_MS = 15 * 60 * 1000;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Checks an AWS Signature Version 4 `Authorization` header against the account's secret, the way
 * S3 does for path-style requests: the canonical request from the method, the path and query as
 * sent, the signed headers and the payload hash the client declared (checked against the body by
 * the caller). Returns the problem, or undefined when the signature holds.
 */
export function checkSignature(request: FastifyRequest, key: S3Key): SignatureProblem | undefined {
  const header = request.headers.authorization;
  if (!header) return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
  const match = AUTHORIZATION.exec(header);
  if (!match) {
    return {
      status: 400,
      code: 'AuthorizationHeaderMalformed',
      message: 'The authorization header is malformed.',
    };
  }
  const [, accessKeyId, day, region, signedHeaderList, signature] = match as unknown as string[];
  if (accessKeyId !== key.accessKeyId) {
    return {
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  }
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const date = AMZ_DATE.exec(amzDate);
  const signedAt = date
    ? Date.UTC(+date[1]!, +date[2]! - 1, +date[3]!, +date[4]!, +date[5]!, +date[6]!)
    : NaN;
  if (!date || amzDate.slice(0, 8) !== day) {
    return {
      status: 403,
      code: 'AccessDenied',
      message: 'AWS authentication requires a valid Date or x-amz-date header',
    };
  }
  if (Math.abs(Date.now() - signedAt) > MAX_SKEW_MS) {
    return {
      status: 403,
      code: 'RequestTimeTooSkewed',
      message: 'The difference between the request time and the current time is too large.',
    };
  }
  const signedHeaders = signedHeaderList!.split(';');
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date')) {
    return { status: 403, code: 'AccessDenied', message: 'Host and x-amz-date must be signed.' };
  }
  const canonicalRequest = [
    request.method,
    canonicalPath(request.raw.url ?? '/'),
    canonicalQuery(request.raw.url ?? '/'),
    signedHeaders.map((name) => `${name}:${headerValue(request, name)}\n`).join(''),
    signedHeaderList,
    String(request.headers['x-amz-content-sha256'] ?? sha256('')),
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = ['s3', 'aws4_request'].reduce(
    (keyBytes, part) => hmac(keyBytes, part),
    hmac(hmac(`AWS4${key.secretAccessKey}`, day!), region!),
  );
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature!, 'hex'))) {
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };
  }
  return undefined;
}

/** The path as the client sent it (S3 signs the once-encoded path, not encoded again). */
function canonicalPath(url: string): string {
  return url.split('?')[0] || '/';
}

/** The query's name=value pairs, as sent, sorted by name then value; `=` after every name. */
function canonicalQuery(url: string): string {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name, value = ''] = pair.split(/=(.*)/s);
      return [name!, value] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function headerValue(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return String(text).trim().replace(/\s+/g, ' ');
}

/** The payload hash a body must have when the client declared one (not UNSIGNED-PAYLOAD). */
export function payloadMatches(declared: string | undefined, body: Buffer): boolean {
  if (declared === undefined || declared === 'UNSIGNED-PAYLOAD') return true;
  return /^[0-9a-f]{64}$/.test(declared) && declared === sha256(body);
}

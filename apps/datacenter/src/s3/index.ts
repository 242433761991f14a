import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import { checkSignature, payloadMatches } from './signature-v4.ts';

/** One stored object: its bytes (base64 in the state file), type, ETag and time. */
interface S3Object {
  body: string;
  contentType: string;
  etag: string;
  lastModified: number;
}

interface S3State {
  /** By `bucket/key`. */
  objects: Record<string, S3Object>;
}

/** Where the S3 API answers: `{endpoint}/{bucket}/{key}` with the endpoint `http://host:port/s3`. */
export const S3_PREFIX = '/s3';
/** Largest object PutObject takes here (ticket images are at most 5 MB). */
const MAX_OBJECT_BYTES = 16 * 1024 * 1024;

/**
 * A simulated S3-compatible object store: PutObject, GetObject, HeadObject and DeleteObject,
 * path-style, on the buckets of `ctx.credentials.s3`, signed with AWS Signature Version 4 by its
 * access key (checked, with the payload hash and a CRC32 checksum when sent), and S3's XML errors.
 * Enough for the unmodified `@aws-sdk/client-s3`. See apps/datacenter/docs/s3.md.
 */
export function registerS3(app: FastifyInstance, ctx: SimContext): void {
  const state = ctx.store.section<S3State>('s3', () => ({ objects: {} }));
  const { s3 } = ctx.credentials;

  // Objects come with their own content type: every body is read as bytes in this scope.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_OBJECT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.addHook('onRequest', async (request, reply) => {
    const problem = checkSignature(request, s3);
    if (problem) return sendError(request, reply, problem.status, problem.code, problem.message);
    const { bucket } = request.params as { bucket: string };
    if (!s3.buckets.includes(bucket)) {
      return sendError(request, reply, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
  });

  const objectId = (request: FastifyRequest) => {
    const { bucket, '*': key } = request.params as { bucket: string; '*': string };
    return { id: `${bucket}/${key}`, key };
  };

  app.put(`${S3_PREFIX}/:bucket/*`, async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!payloadMatches(request.headers['x-amz-content-sha256'] as string | undefined, body)) {
      return sendError(
        request,
        reply,
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    }
    const declaredCrc = request.headers['x-amz-checksum-crc32'];
    if (typeof declaredCrc === 'string' && declaredCrc !== crc32Base64(body)) {
      return sendError(
        request,
        reply,
        400,
        'BadDigest',
        'The CRC32 you specified did not match the calculated checksum.',
      );
    }
    const { id } = objectId(request);
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    state.objects[id] = {
      body: body.toString('base64'),
      contentType: request.headers['content-type'] ?? 'binary/octet-stream',
      etag,
      lastModified: Date.now(),
    };
    ctx.store.save();
    return reply.code(200).header('etag', etag).send();
  });

  const read = async (request: FastifyRequest, reply: FastifyReply, withBody: boolean) => {
    const { id, key } = objectId(request);
    const object = state.objects[id];
    if (!object) {
      if (!withBody) return reply.code(404).send();
      return sendError(request, reply, 404, 'NoSuchKey', 'The specified key does not exist.', key);
    }
    const body = Buffer.from(object.body, 'base64');
    reply
      .code(200)
      .header('content-type', object.contentType)
      .header('content-length', body.length)
      .header('etag', object.etag)
      .header('last-modified', new Date(object.lastModified).toUTCString())
      .header('accept-ranges', 'bytes');
    return withBody ? reply.send(body) : reply.send();
  };
  app.get(`${S3_PREFIX}/:bucket/*`, { exposeHeadRoute: false }, (request, reply) =>
    read(request, reply, true),
  );
  app.head(`${S3_PREFIX}/:bucket/*`, (request, reply) => read(request, reply, false));

  app.delete(`${S3_PREFIX}/:bucket/*`, async (request, reply) => {
    delete state.objects[objectId(request).id];
    ctx.store.save();
    return reply.code(204).send();
  });
}

const crc32Base64 = (body: Buffer) => {
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return sum.toString('base64');
};

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** S3's error document (a HEAD answer has no body, as S3 sends none). */
function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  key?: string,
) {
  reply.code(status).header('x-amz-request-id', request.id);
  if (request.method === 'HEAD') return reply.send();
  const keyElement = key === undefined ? '' : `<Key>${escapeXml(key)}</Key>`;
  return reply
    .header('content-type', 'application/xml')
    .send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>${keyElement}<RequestId>${escapeXml(request.id)}</RequestId></Error>`,
    );
}

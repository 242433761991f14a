import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCredentials } from '../context.ts';
import { buildDatacenter } from '../server.ts';

const { accessKeyId, secretAccessKey, buckets } = defaultCredentials.s3;
const Bucket = buckets[0]!;

/**
 * The simulated S3 driven by the official, unmodified `@aws-sdk/client-s3` over HTTP, with its
 * default settings (SigV4 with a signed payload, CRC32 checksums): it fails where the simulator
 * differs from what the SDK expects of S3.
 */
describe('the simulated S3 with @aws-sdk/client-s3', () => {
  let app: FastifyInstance;
  let endpoint: string;
  const client = (secret = secretAccessKey, keyId = accessKeyId) =>
    new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: keyId, secretAccessKey: secret },
      maxAttempts: 1,
    });

  beforeAll(async () => {
    app = await buildDatacenter({ logLevel: 'silent' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    endpoint = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/s3`;
  });
  afterAll(() => app.close());

  it('puts, heads, gets and deletes an object', async () => {
    const s3 = client();
    const Key = 'tickets/7/0123456789abcdef0123456789abcdef.png';
    const Body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]);
    const put = await s3.send(new PutObjectCommand({ Bucket, Key, Body, ContentType: 'image/png' }));
    expect(put.ETag).toBe(`"${createHash('md5').update(Body).digest('hex')}"`);

    const head = await s3.send(new HeadObjectCommand({ Bucket, Key }));
    expect(head).toMatchObject({ ContentType: 'image/png', ContentLength: Body.length, ETag: put.ETag });

    const got = await s3.send(new GetObjectCommand({ Bucket, Key }));
    expect(got.ContentType).toBe('image/png');
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(Body);

    await s3.send(new DeleteObjectCommand({ Bucket, Key }));
    await expect(s3.send(new GetObjectCommand({ Bucket, Key }))).rejects.toBeInstanceOf(NoSuchKey);
    await expect(s3.send(new HeadObjectCommand({ Bucket, Key }))).rejects.toBeInstanceOf(NotFound);
    // Deleting what is not there succeeds, as on S3.
    await s3.send(new DeleteObjectCommand({ Bucket, Key }));
  });

  it('keeps a 5 MB object byte for byte, and keys with odd characters', async () => {
    const s3 = client();
    const Body = Buffer.alloc(5 * 1024 * 1024, 7);
    const Key = 'a folder/ünïcode + (1).bin';
    await s3.send(new PutObjectCommand({ Bucket, Key, Body }));
    const got = await s3.send(new GetObjectCommand({ Bucket, Key }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(Body)).toBe(true);
  });

  it('answers NoSuchKey with its XML error', async () => {
    const error = await client()
      .send(new GetObjectCommand({ Bucket, Key: 'tickets/1/missing.png' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoSuchKey);
    expect((error as NoSuchKey).$metadata.httpStatusCode).toBe(404);
  });

  it('refuses a wrong secret (SignatureDoesNotMatch), an unknown key id and another bucket', async () => {
    const refused = async (s3: S3Client, bucket = Bucket) => {
      const error = await s3
        .send(new PutObjectCommand({ Bucket: bucket, Key: 'x.png', Body: Buffer.from('x') }))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(S3ServiceException);
      return {
        name: (error as S3ServiceException).name,
        status: (error as S3ServiceException).$metadata.httpStatusCode,
      };
    };
    expect(await refused(client('not-the-secret'))).toEqual({ name: 'SignatureDoesNotMatch', status: 403 });
    expect(await refused(client(secretAccessKey, 'AKIAUNKNOWN'))).toEqual({
      name: 'InvalidAccessKeyId',
      status: 403,
    });
    expect(await refused(client(), 'another-bucket')).toEqual({ name: 'NoSuchBucket', status: 404 });
    await expect(client().send(new GetObjectCommand({ Bucket, Key: 'x.png' }))).rejects.toBeInstanceOf(
      NoSuchKey,
    );
  });

  it('refuses an unsigned request and a body that is not the one signed', async () => {
    const url = `${endpoint}/${Bucket}/x.png`;
    const unsigned = await fetch(url);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');

    // A signed request replayed with another body: the declared payload hash gives it away.
    let captured: { headers: Record<string, string> } | undefined;
    const s3 = client();
    s3.middlewareStack.add(
      (next) => async (args) => {
        captured = args.request as { headers: Record<string, string> };
        return next(args);
      },
      { step: 'finalizeRequest', priority: 'low' },
    );
    await s3.send(new PutObjectCommand({ Bucket, Key: 'x.png', Body: Buffer.from('original') }));
    // Same length, so every signed header still holds.
    const replayed = await fetch(`${url}?x-id=PutObject`, {
      method: 'PUT',
      headers: captured!.headers,
      body: 'tampered',
    });
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toMatch(/<Code>(XAmzContentSHA256Mismatch|BadDigest)<\/Code>/);
  });
});

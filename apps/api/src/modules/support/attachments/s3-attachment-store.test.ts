import type { AddressInfo } from 'node:net';
import { buildDatacenter, defaultCredentials } from '@rackdesk/datacenter';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleImages } from '../../../../test/support/images.ts';
import type { UpstreamError } from '../../../providers/upstream-error.ts';
import { type AttachmentStore, attachmentKey } from './attachment-store.ts';
import { newImageName } from './image-type.ts';
import { S3AttachmentStore } from './s3-attachment-store.ts';

/** The bucket store over HTTP against the simulator's S3, which checks every signature. */
describe('the S3 attachment store', () => {
  let simulator: FastifyInstance;
  let store: AttachmentStore;
  let settings: ConstructorParameters<typeof S3AttachmentStore>[0];

  beforeAll(async () => {
    simulator = await buildDatacenter({ logLevel: 'silent' });
    await simulator.listen({ host: '127.0.0.1', port: 0 });
    const { accessKeyId, secretAccessKey, buckets } = defaultCredentials.s3;
    settings = {
      url: `http://127.0.0.1:${(simulator.server.address() as AddressInfo).port}/s3`,
      bucket: buckets[0]!,
      accessKeyId,
      secretAccessKey,
      region: 'us-east-1',
    };
    store = new S3AttachmentStore(settings);
  });
  afterAll(() => simulator.close());

  it('puts, gets and deletes an image by key', async () => {
    const key = attachmentKey(9, newImageName('image/png'));
    await store.put(key, sampleImages.png, 'image/png');
    expect(await store.get(key)).toEqual(sampleImages.png);
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
  });

  it('finds nothing for a key that is not one of ours, and writes none', async () => {
    expect(await store.get('tickets/9/../../other.png')).toBeUndefined();
    await expect(store.put('../x.png', sampleImages.png, 'image/png')).rejects.toThrow(
      /Not an attachment key/,
    );
  });

  it('fails loudly with a wrong secret, instead of losing the image: 502, the detail in the log only', async () => {
    const wrong = new S3AttachmentStore({ ...settings, secretAccessKey: 'wrong' });
    const error = await wrong
      .put(attachmentKey(9, newImageName('image/gif')), sampleImages.gif, 'image/gif')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      statusCode: 502,
      message: 'The image store is not available. Please try again in a few minutes.',
    });
    expect((error as UpstreamError).detail).toMatch(/signature/i);
  });

  it('answers 502 when the bucket cannot be reached', async () => {
    const closed = new S3AttachmentStore({ ...settings, url: 'http://127.0.0.1:1/s3' }, 2_000);
    await expect(closed.get(attachmentKey(9, newImageName('image/png')))).rejects.toMatchObject({
      statusCode: 502,
    });
  });
});

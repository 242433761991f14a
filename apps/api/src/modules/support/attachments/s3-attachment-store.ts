import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { AttachmentsS3Config } from '../../../config.ts';
import { UpstreamError } from '../../../providers/upstream-error.ts';
import { assertAttachmentKey, isAttachmentKey } from './attachment-key.ts';
import type { AttachmentStore } from './attachment-store.ts';

const unavailable = 'The image store is not available. Please try again in a few minutes.';

/**
 * A failure of the bucket as the API answers it: 504 when it did not answer in time, else 502,
 * with the SDK's own words in the log only.
 */
function storeFailure(error: unknown): UpstreamError {
  const timedOut = error instanceof Error && /timeout/i.test(error.name);
  return new UpstreamError('s3', timedOut ? 504 : 502, String(error), unavailable);
}

/**
 * Images as objects of an S3-compatible bucket (AWS, MinIO, Ceph…), addressed path-style
 * (`{endpoint}/{bucket}/{key}`), which every such service understands. Objects stay private:
 * the API reads them with its own key and serves them itself.
 */
export class S3AttachmentStore implements AttachmentStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  /** `timeoutMs` bounds each attempt's connection and answer, as for every other upstream. */
  constructor(settings: AttachmentsS3Config, timeoutMs = 15_000) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.url,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      maxAttempts: 3,
      requestHandler: { connectionTimeout: timeoutMs, requestTimeout: timeoutMs },
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertAttachmentKey(key);
    await this.client
      .send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }))
      .catch((error: unknown) => {
        throw storeFailure(error);
      });
  }

  async get(key: string): Promise<Buffer | undefined> {
    if (!isAttachmentKey(key)) return undefined;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
      throw storeFailure(error);
    }
  }

  async delete(key: string): Promise<void> {
    assertAttachmentKey(key);
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
      .catch((error: unknown) => {
        throw storeFailure(error);
      });
  }
}

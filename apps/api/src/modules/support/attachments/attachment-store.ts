import type { AttachmentsS3Config, Config } from '../../../config.ts';
import { DiskAttachmentStore } from './disk-attachment-store.ts';

/**
 * Where ticket images are kept: a folder outside the web root, or an S3-compatible bucket. Keys
 * are `tickets/{ticket id}/{generated name}` (attachmentKey); a store refuses any other key, so
 * no name can reach outside its folder or bucket prefix.
 */
export interface AttachmentStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or undefined when there are none (or the key is not one of ours). */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

// The keys live apart so that the stores can use them without importing this module.
export { attachmentKey, isAttachmentKey } from './attachment-key.ts';

/** The bucket when ATTACHMENTS_S3_URL is set, else `DATA_DIR/attachments`. */
export function createAttachmentStore(config: Config): AttachmentStore {
  const { s3, dir } = config.attachments;
  return s3 ? lazyS3Store(s3, config.upstreams.timeoutMs) : new DiskAttachmentStore(dir);
}

/**
 * The bucket store, with the S3 SDK loaded on its first use: an instance that keeps images on
 * disk never loads it (a fifth of a second and its memory on every start, and every test app).
 */
function lazyS3Store(settings: AttachmentsS3Config, timeoutMs: number): AttachmentStore {
  let store: Promise<AttachmentStore> | undefined;
  const load = () =>
    (store ??= import('./s3-attachment-store.ts').then(
      ({ S3AttachmentStore }) => new S3AttachmentStore(settings, timeoutMs),
    ));
  return {
    put: async (key, bytes, contentType) => (await load()).put(key, bytes, contentType),
    get: async (key) => (await load()).get(key),
    delete: async (key) => (await load()).delete(key),
  };
}

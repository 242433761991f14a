import type { Config } from '../../../config.ts';
import { DiskAttachmentStore } from './disk-attachment-store.ts';
import { S3AttachmentStore } from './s3-attachment-store.ts';

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

/** Every key a store accepts: a ticket's serial id and a generated image name. */
export const ATTACHMENT_KEY = /^tickets\/[1-9]\d{0,9}\/[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

export const attachmentKey = (ticketId: number, name: string) => `tickets/${ticketId}/${name}`;

export const isAttachmentKey = (key: string) => ATTACHMENT_KEY.test(key);

/** A write with a key that no generated name gives: a fault in the caller, never user input. */
export function assertAttachmentKey(key: string): void {
  if (!isAttachmentKey(key)) throw new Error(`Not an attachment key: ${JSON.stringify(key)}`);
}

/** The bucket when ATTACHMENTS_S3_URL is set, else `DATA_DIR/attachments`. */
export function createAttachmentStore(config: Config): AttachmentStore {
  const { s3, dir } = config.attachments;
  return s3 ? new S3AttachmentStore(s3, config.upstreams.timeoutMs) : new DiskAttachmentStore(dir);
}

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertAttachmentKey, isAttachmentKey } from './attachment-key.ts';
import type { AttachmentStore } from './attachment-store.ts';

/**
 * Images as files under one folder (`DATA_DIR/attachments`), never served by the web host: the
 * API reads them back only through the ticket's image route. Several instances must share the
 * folder (a network file system) or use the S3 store.
 */
export class DiskAttachmentStore implements AttachmentStore {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half an image.
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, bytes, { mode: 0o600 });
    await rename(temporary, file);
  }

  async get(key: string): Promise<Buffer | undefined> {
    if (!isAttachmentKey(key)) return undefined;
    try {
      return await readFile(this.fileOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  private fileOf(key: string): string {
    assertAttachmentKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}

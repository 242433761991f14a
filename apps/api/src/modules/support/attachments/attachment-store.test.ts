import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import {
  type AttachmentStore,
  attachmentKey,
  createAttachmentStore,
  isAttachmentKey,
} from './attachment-store.ts';
import { DiskAttachmentStore } from './disk-attachment-store.ts';
import { newImageName } from './image-type.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'rackdesk-attachments-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const name = '0123456789abcdef0123456789abcdef.png';

describe('attachment keys', () => {
  it('are a ticket id and a generated name', () => {
    expect(attachmentKey(41, name)).toBe(`tickets/41/${name}`);
    expect(isAttachmentKey(attachmentKey(7, newImageName('image/webp')))).toBe(true);
  });

  it.each([
    '../../etc/passwd',
    `tickets/41/../../${name}`,
    `tickets/41/${name}/..`,
    `tickets/0/${name}`,
    `tickets/041/${name}`,
    `tickets/41/${name.toUpperCase()}`,
    `tickets/41/0123456789abcdef0123456789abcdef.svg`,
    `tickets/41/0123456789abcdef0123456789abcde.png`,
    `tickets/41\\${name}`,
    `/tickets/41/${name}`,
    `tickets/41/${name}\0.png`,
    `tickets/41/${name}\n`,
  ])('refuses %j', (key) => {
    expect(isAttachmentKey(key)).toBe(false);
  });
});

describe('the disk store', () => {
  const root = path.join(dataDir, 'attachments');
  const store: AttachmentStore = new DiskAttachmentStore(root);

  it('keeps bytes under DATA_DIR/attachments by key, reads and deletes them', async () => {
    const key = attachmentKey(12, name);
    await store.put(key, Buffer.from('image bytes'), 'image/png');
    expect(readdirSync(path.join(root, 'tickets', '12'))).toEqual([name]);
    expect((await store.get(key))?.toString()).toBe('image bytes');
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
    await store.delete(key);
  });

  it('refuses to write or delete outside its keys, and finds nothing there', async () => {
    await expect(store.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /Not an attachment key/,
    );
    await expect(store.delete('tickets/1/../../../x')).rejects.toThrow(/Not an attachment key/);
    expect(await store.get('../../app-secret')).toBeUndefined();
    expect(readdirSync(dataDir)).toEqual(['attachments']);
  });

  it('is what an unset bucket means, in DATA_DIR/attachments', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(32) });
    expect(config.attachments).toEqual({ dir: root, s3: undefined });
    const key = attachmentKey(3, name);
    await createAttachmentStore(config).put(key, Buffer.from('disk'), 'image/png');
    expect((await store.get(key))?.toString()).toBe('disk');
  });
});

describe('the bucket settings', () => {
  const base = { DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(32) };

  it('need the bucket and both keys once the URL is set', () => {
    expect(() => loadConfig({ ...base, ATTACHMENTS_S3_URL: 'http://127.0.0.1:9000' })).toThrow(
      /ATTACHMENTS_S3_BUCKET, ATTACHMENTS_S3_ACCESS_KEY_ID, ATTACHMENTS_S3_SECRET_ACCESS_KEY/,
    );
    const config = loadConfig({
      ...base,
      ATTACHMENTS_S3_URL: 'http://127.0.0.1:9000/',
      ATTACHMENTS_S3_BUCKET: 'tickets',
      ATTACHMENTS_S3_ACCESS_KEY_ID: 'id',
      ATTACHMENTS_S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.attachments.s3).toEqual({
      url: 'http://127.0.0.1:9000',
      bucket: 'tickets',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      region: 'us-east-1',
    });
  });
});

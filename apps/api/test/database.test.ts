import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';

/** The embedded database refuses a second server on the same folder, which would corrupt it. */
describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('embedded database folder lock', () => {
  const dirs: string[] = [];
  const scratch = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rackdesk-lock-'));
    dirs.push(dir);
    return path.join(dir, 'db');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a folder locked by another live process', async () => {
    const dir = scratch();
    writeFileSync(`${dir}.lock`, String(process.ppid));
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(/in use by process/);
  });

  it('takes over the lock of a process that is gone, and releases it on close', async () => {
    const dir = scratch();
    writeFileSync(`${dir}.lock`, '2147483646');
    const database = await openDatabase({ pgliteDir: dir });
    await database.migrate();
    await database.close();
    const again = await openDatabase({ pgliteDir: dir });
    await again.close();
  });
});

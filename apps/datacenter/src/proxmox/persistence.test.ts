import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from './sim-test-kit.ts';

describe('simulated Proxmox state across restarts', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps VMs, changes, jobs and running tasks, which finish after the restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rackdesk-pve-'));
    dirs.push(dir);
    const stateFile = path.join(dir, 'state.json');

    const first = await startSimulator({ stateFile });
    await first.createVm({ vmid: 100, node: 'pve-nyc-1', name: 'web01', cores: 2 });
    await first.pve('PUT', '/nodes/pve-nyc-1/qemu/100/config', { name: 'renamed', cores: 3 });
    await first.pve('POST', '/cluster/backup', {
      id: 'rackdesk-100',
      vmid: '100',
      schedule: '03:00',
      storage: 'backups',
    });
    await first.pve('POST', '/nodes/pve-nyc-1/vzdump', { vmid: 100, storage: 'backups', compress: 'zstd' });
    await first.advance(30_000);
    await first.close();

    const second = await startSimulator({ stateFile });
    try {
      const { data } = await second.pve('GET', '/nodes/pve-nyc-1/qemu/100/status/current');
      expect(data).toMatchObject({ name: 'renamed', cpus: 3, status: 'running', lock: 'backup' });
      expect((await second.pve('GET', '/cluster/backup')).data).toEqual([
        expect.objectContaining({ id: 'rackdesk-100' }),
      ]);

      await second.advance(61_000);
      const backups = (await second.pve('GET', '/nodes/pve-nyc-1/storage/backups/content?content=backup'))
        .data;
      expect(backups).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSim, vpsInfo } from './test-helpers.ts';

describe('simulated Virtualizor state across restarts', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'virtualizor-sim-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps VPSs, operations under way and ISOs in the state file', async () => {
    const stateFile = path.join(dir, 'state.json');
    const first = await startSim({ stateFile });
    await first.createVps({ vpsid: 601, hostname: 'keep.example.com', status: 0 });
    await first.post('hostname', { svs: 601 }, { newhost: 'kept.example.com' });
    await first.post('start', { svs: 601, do: 1 });
    await first.post(
      'addiso',
      {},
      { addiso: '1', iso_url: 'https://mirror.example.org/a.iso', filename: 'a.iso' },
    );
    await first.close();

    const second = await startSim({ stateFile });
    let info = await vpsInfo(second, 601);
    expect(info.vps.hostname).toBe('kept.example.com');
    expect(info.status).toBe(0);
    await second.advance(10_000);
    info = await vpsInfo(second, 601);
    expect(info.status).toBe(1);
    const isos = await second.get<{ isos: Record<string, { filename: string }> }>('euiso');
    expect(Object.values(isos.isos).map((iso) => iso.filename)).toEqual(['a.iso']);
    await second.close();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSim, type VirtualizorSim, vpsInfo } from './test-helpers.ts';

interface IsoRow {
  isoid: string;
  uuid: string;
  filename: string;
  size: string;
  downloaded: string;
}

describe('simulated Virtualizor end-user ISOs', () => {
  let sim: VirtualizorSim;
  beforeEach(async () => {
    sim = await startSim();
    await sim.createVps({ vpsid: 301, hostname: 'iso.example.com' });
  });
  afterEach(() => sim.close());

  async function isos(): Promise<IsoRow[]> {
    return Object.values((await sim.get<{ isos: Record<string, IsoRow> }>('euiso')).isos);
  }

  async function add(filename: string) {
    return sim.post(
      'addiso',
      {},
      { addiso: '1', iso_url: `https://mirror.example.org/${filename}`, filename },
    );
  }

  it('downloads an added ISO over a while', async () => {
    expect((await add('rescue.iso')).done).toBeTruthy();
    let [iso] = await isos();
    expect(iso?.filename).toBe('rescue.iso');
    expect(Number(iso!.downloaded)).toBeLessThan(Number(iso!.size) / 10);
    await sim.advance(45_000);
    [iso] = await isos();
    expect(Number(iso!.downloaded)).toBeGreaterThan(0);
    expect(Number(iso!.downloaded)).toBeLessThan(Number(iso!.size));
    await sim.advance(60_000);
    [iso] = await isos();
    expect(iso!.downloaded).toBe(iso!.size);
  });

  it('inserts only downloaded ISOs, and ejects one that is deleted', async () => {
    await add('installer.iso');
    const early = await sim.post('hvmsettings', { svs: 301 }, { hvmsettings: '1', iso: 'installer.iso' });
    expect(early.error).toHaveProperty('iso');
    await sim.advance(100_000);
    const form = { hvmsettings: '1', iso: 'installer.iso', sec_iso: '0' };
    expect((await sim.post('hvmsettings', { svs: 301 }, form)).done).toBeTruthy();
    expect((await vpsInfo(sim, 301)).vps.iso).toBe('installer.iso');

    const [iso] = await isos();
    expect((await sim.post('euiso', { svs: 301 }, { del: iso!.uuid })).done).toBeTruthy();
    expect(await isos()).toEqual([]);
    expect((await vpsInfo(sim, 301)).vps.iso).toBe('');
  });

  it('refuses a bad URL, a bad file name, a duplicate and an unknown delete', async () => {
    const bad = await sim.post('addiso', {}, { addiso: '1', iso_url: 'ftp://x/y.iso', filename: 'y.txt' });
    expect(bad.error).toMatchObject({ iso_url: expect.any(String), filename: expect.any(String) });
    await add('dup.iso');
    expect((await add('dup.iso')).error).toHaveProperty('filename');
    expect((await sim.post('euiso', {}, { del: 'nope' })).error).toHaveProperty('del');
    expect(await isos()).toHaveLength(1);
  });
});

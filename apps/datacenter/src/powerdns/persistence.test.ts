import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ptrsOf, startSimulator, ZONES } from './test-kit.ts';

describe('simulated PowerDNS state across restarts', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps zones, records and a NOTIFY under way, which completes after the restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rackdesk-pdns-'));
    dirs.push(dir);
    const stateFile = path.join(dir, 'state.json');
    const zone = '100.51.198.in-addr.arpa.';

    const first = await startSimulator({ stateFile });
    await first.createZone({
      name: '0.0.10.in-addr.arpa',
      records: [{ ip: '10.0.0.5', content: 'five.example.net.' }],
    });
    await first.setPtr(zone, `20.${zone}`, 'vps20.example.net.', 900);
    const { serial } = (await first.api('GET', `${ZONES}/${zone}`)).body;
    await first.close();

    const second = await startSimulator({ stateFile });
    try {
      expect(await ptrsOf(second, zone)).toEqual([
        { name: `20.${zone}`, ttl: 900, contents: ['vps20.example.net.'] },
      ]);
      expect(await ptrsOf(second, '0.0.10.in-addr.arpa.')).toHaveLength(1);
      const before = (await second.api('GET', `${ZONES}/${zone}`)).body;
      expect(before.serial).toBe(serial);
      expect(before.notified_serial).not.toBe(serial);
      await second.advance(10_000);
      expect((await second.api('GET', `${ZONES}/${zone}`)).body.notified_serial).toBe(serial);
    } finally {
      await second.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviders, type Providers } from '../src/providers/index.ts';
import { demoMachines, ensureDemoMachines } from '../src/seed/demo-machines.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';

describe('demo machines in the simulator', () => {
  let sim: TestSimulator;
  let providers: Providers;

  beforeAll(async () => {
    sim = await startSimulator();
    providers = createProviders(sim.upstreams);
    await ensureDemoMachines(sim.url);
  });
  afterAll(() => sim.close());

  it('creates every demo machine, readable through the real adapters', async () => {
    const dedicated = demoMachines.filter((m) => m.provider === 'tenantos');
    for (const machine of dedicated) {
      const server = await providers.dedicated.getServer(Number(machine.upstreamId));
      expect(server.hostname).toBe(machine.domain);
    }
    const vps = demoMachines.find((m) => m.provider === 'virtualizor')!;
    expect((await providers.vps.getVps(Number(vps.upstreamId))).hostname).toBe(vps.domain);
    for (const machine of demoMachines.filter((m) => m.controlPath.endsWith('/vms'))) {
      expect((await providers.proxmox.getServer(Number(machine.upstreamId))).hostname).toBe(machine.domain);
    }
  });

  it('puts the storage blocks where the demo needs them: one attached in New York, one free in Chicago', async () => {
    const blocks = demoMachines.filter((m) => m.controlPath.endsWith('/volumes'));
    const disks = await providers.proxmox.listBlockStorage({
      disks: blocks.map((block, index) => ({ serviceId: index + 1, diskName: block.upstreamId })),
      vms: [{ serviceId: 50, vmid: 101 }],
    });
    expect(disks).toEqual([
      expect.objectContaining({ id: 1, vm_whmcs_id: 50, location: 'New York' }),
      expect.objectContaining({ id: 2, vm_whmcs_id: null, location: 'Chicago' }),
    ]);
  });

  it('serves the reverse zones of the demo addresses through the PowerDNS adapter', async () => {
    const saved = await providers.reverseDns.setPtr([{ ip: '198.51.100.30', host: 'web01.example.com' }]);
    expect(saved).toEqual([expect.objectContaining({ ip: '198.51.100.30', host: 'web01.example.com' })]);
    expect(await providers.reverseDns.getPtr(['198.51.100.30', '2001:db8:400::30'])).toEqual([
      expect.objectContaining({ ip: '198.51.100.30', host: 'web01.example.com' }),
      expect.objectContaining({ ip: '2001:db8:400::30', host: '' }),
    ]);
  });

  it('leaves existing machines as the demo user left them when run again', async () => {
    await providers.dedicated.setNickname(1001, 'renamed-by-the-user');
    await ensureDemoMachines(sim.url);
    expect((await providers.dedicated.getServer(1001)).nickname).toBe('renamed-by-the-user');
  });
});

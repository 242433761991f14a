import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema/index.ts';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { ensureDemoMachines } from '../../src/seed/demo-machines.ts';
import { startSimulator, type TestSimulator } from '../support/simulator.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The demo's datacenter has something to sell: every instant dedicated product in stock has free
 * servers with its tag, and both VPS locations have addresses left in their pools.
 */
describe('the demo inventory', () => {
  let sim: TestSimulator;
  let t: TestApp;

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    await seedCatalog(t.database.db);
    await ensureDemoMachines(sim.url);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it('racks free servers for each instant product in stock, found by the product’s tag', async () => {
    const tagged = (await t.database.db.select().from(products)).filter((p) => p.provisioning.serverTag);
    expect(tagged.length).toBeGreaterThan(0);
    for (const product of tagged) {
      const servers = await t.app.ctx.providers.dedicated.listServersByTags([
        product.provisioning.serverTag!,
      ]);
      const free = servers.filter(
        (server) => !server.tags.some((tag) => tag.startsWith('rackdesk-service-')),
      );
      if (product.stockControl && product.stockLevel === 0) continue;
      expect(free.length, product.name).toBeGreaterThanOrEqual(1);
    }
  });

  it('gives both VPS locations an address pool', async () => {
    for (const location of ['New York', 'Chicago']) {
      const free = await t.app.ctx.providers.proxmox.freeIpv4(location);
      expect(free.length, location).toBeGreaterThan(10);
      expect(free[0]).toMatchObject({ prefix: 24, gateway: '198.51.100.1' });
    }
  });
});

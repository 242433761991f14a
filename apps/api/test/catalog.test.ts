import {
  osTemplatesResponseSchema,
  priceOrder,
  type Product,
  productGroupResponseSchema,
  promoResponseSchema,
  selectedChoices,
  singleProductResponseSchema,
} from '@rackdesk/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configOptions,
  configOptionValues,
  osTemplates,
  productCustomFields,
  productGroups,
  productOsTemplates,
  products,
  promoCodes,
} from '../src/db/schema/index.ts';
import { CatalogService, promoFailuresPerAddress } from '../src/modules/catalog/catalog.service.ts';
import { DemoProduct, DemoPromo, seedCatalog } from '../src/seed/catalog.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The catalogue the order pages read (portal spec §2, §3 "Product", "OS template", "Promo code";
 * API.md): public, products on sale only, hidden options left out and hidden choices marked, every
 * cycle priced, and promotion codes checked by the server.
 */
describe('catalogue API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCatalog(t.database.db);
  });
  afterAll(() => t.close());

  const get = (url: string, remoteAddress = '198.51.100.1') =>
    t.app.inject({ method: 'GET', url: `/api${url}`, remoteAddress });
  const ok = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };
  const groupProducts = async (groupId: number): Promise<Product[]> =>
    productGroupResponseSchema.parse(await ok(`/billing/products/${groupId}`)).products;
  const option = (product: Product, name: string) =>
    product.configoptions.configoption.find((candidate) => candidate.name === name)!;

  describe('GET billing/products/{groupId}', () => {
    it('lists an instant dedicated group with six cycles, setup fees, stock, drive bays and options', async () => {
      const list = await groupProducts(23);
      expect(list.map((p) => p.pid)).toEqual([
        DemoProduct.instantE3NewYork,
        DemoProduct.instantDualE5NewYork,
        DemoProduct.instantE2288gNewYork,
        DemoProduct.instantRyzenNewYork,
        DemoProduct.instantEpycNewYork,
      ]);
      const e3 = list[0]!;
      expect(e3).toMatchObject({
        gid: 23,
        name: 'Xeon E3-1230 v6',
        stockcontrol: true,
        stocklevel: 25,
        drivebays: 2,
        customfields: { customfield: [] },
      });
      expect(e3.pricing.USD).toEqual({
        prefix: '$',
        suffix: ' USD',
        monthly: '89.00',
        quarterly: '258.99',
        semiannually: '507.30',
        annually: '961.20',
        biennially: '1815.60',
        triennially: '-1.00',
        msetupfee: '49.00',
        qsetupfee: '25.00',
        ssetupfee: '0.00',
        asetupfee: '0.00',
        bsetupfee: '0.00',
        tsetupfee: '0.00',
      });
      expect(e3.configoptions.configoption.map((o) => [o.name, o.type, o.role])).toEqual([
        ['Operating System', '1', 'operating_system'],
        ['Disk Layout', '1', 'disk_layout'],
        ['Bandwidth', '1', null],
      ]);
      const os = option(e3, 'Operating System').options.option;
      expect(os.find((c) => c.name === 'Debian 12')).toMatchObject({
        value: 'Debian 12 (Bookworm)',
        hidden: false,
        disklayouts: ['RAID 0', 'RAID 1', 'RAID 5'],
      });
      expect(os.find((c) => c.name === 'Windows Server 2022 Standard')?.pricing.USD).toMatchObject({
        monthly: '25.00',
        triennially: '-1.00',
      });
      // A hidden choice is listed, marked, for the page to show as unavailable.
      expect(os.find((c) => c.name === 'CentOS 7')).toMatchObject({ hidden: true });
      expect(option(e3, 'Disk Layout').options.option.map((c) => c.name)).toEqual([
        'None',
        'RAID 0',
        'RAID 1',
        'RAID 5',
        'RAID 10',
      ]);
    });

    it('shows the product out of stock and the one nearly out as they are', async () => {
      const list = await groupProducts(23);
      expect(list.find((p) => p.pid === DemoProduct.instantEpycNewYork)).toMatchObject({
        stockcontrol: true,
        stocklevel: 0,
      });
      expect(list.find((p) => p.pid === DemoProduct.instantDualE5NewYork)).toMatchObject({ stocklevel: 3 });
    });

    it('lists a VPS group with its location, IPv4 and checkbox options and its custom fields', async () => {
      const list = await groupProducts(19);
      expect(list.map((p) => p.name)).toEqual([
        'DW-2G',
        'DW-4G',
        'DW-8G',
        'DW-CPU-4G',
        'DW-CPU-8G',
        'DW-16G',
      ]);
      const dw4g = list.find((p) => p.pid === DemoProduct.dw4gNewYork)!;
      expect(dw4g).toMatchObject({ stockcontrol: false, drivebays: null });
      expect(dw4g.pricing.USD).toMatchObject({ monthly: '20.00', triennially: '576.00', msetupfee: '0.00' });
      expect(dw4g.customfields.customfield.map((f) => f.name)).toEqual(['custom_os_id', 'ssh_key_ids']);
      expect(dw4g.configoptions.configoption.map((o) => [o.name, o.type, o.role])).toEqual([
        ['Location', '1', 'location'],
        ['IPv4 Addresses', '1', 'ipv4'],
        ['Daily Backups', '3', null],
        ['Advanced DDoS Protection', '3', null],
      ]);
      expect(option(dw4g, 'Location').options.option.map((c) => [c.name, c.hidden])).toEqual([
        ['New York', false],
        ['Los Angeles', true],
      ]);
      expect(
        option(dw4g, 'IPv4 Addresses').options.option.map((c) => [c.name, c.value, c.pricing.USD.monthly]),
      ).toEqual([
        ['1 IPv4 (included)', '0', '0.00'],
        ['2 IPv4 (1 additional)', '1', '3.00'],
        ['3 IPv4 (2 additional)', '2', '6.00'],
        ['4 IPv4 (3 additional)', '3', '9.00'],
        ['5 IPv4 (4 additional)', '4', '12.00'],
      ]);
      expect((await groupProducts(25)).map((p) => option(p, 'Location').options.option[0]!.name)).toEqual([
        'Chicago',
        'Chicago',
        'Chicago',
      ]);
    });

    it('lists the storage blocks priced by their Storage Size option', async () => {
      const list = await groupProducts(20);
      expect(list.map((p) => p.pid)).toEqual([DemoProduct.storageNewYork, DemoProduct.storageChicago]);
      const [newYork] = list;
      expect(newYork!.pricing.USD).toMatchObject({
        monthly: '0.00',
        biennially: '-1.00',
        triennially: '-1.00',
      });
      expect(newYork!.customfields.customfield.map((f) => f.name)).toEqual(['vm_whmcs_id']);
      const size = option(newYork!, 'Storage Size');
      expect(size.role).toBe('storage_size');
      expect(size.options.option.map((c) => [c.value, c.pricing.USD.monthly])).toEqual([
        ['100', '5.00'],
        ['250', '12.50'],
        ['500', '25.00'],
        ['1000', '50.00'],
        ['2000', '100.00'],
      ]);
    });

    it('leaves out hidden options and hidden products, and answers a hidden group with 404', async () => {
      await t.database.db.insert(configOptions).values({
        productId: DemoProduct.dw2gNewYork,
        name: 'Staff Notes',
        hidden: true,
        sortOrder: 9,
      });
      const dw2g = (await groupProducts(19))[0]!;
      expect(dw2g.configoptions.configoption.map((o) => o.name)).not.toContain('Staff Notes');
      expect(await groupProducts(5)).toEqual([]);
      await t.database.db.insert(productGroups).values({ id: 77, name: 'Internal', hidden: true });
      expect((await get('/billing/products/77')).statusCode).toBe(404);
    });

    it('answers bad group ids with 4xx, never 500', async () => {
      for (const id of ['abc', '0', '-1', '01', '1e3', '99999999999', '%00', '19%0A']) {
        const response = await get(`/billing/products/${id}`);
        expect(response.statusCode, id).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, id).toBeLessThan(500);
      }
      expect((await get('/billing/products/424242')).statusCode).toBe(404);
    });
  });

  describe('GET billing/products/product/{pid}', () => {
    it('answers one product on sale as products.product[0]', async () => {
      const body = singleProductResponseSchema.parse(
        await ok(`/billing/products/product/${DemoProduct.dw8gNewYork}`),
      );
      expect(body.products.product).toHaveLength(1);
      expect(body.products.product[0]).toMatchObject({
        pid: DemoProduct.dw8gNewYork,
        gid: 19,
        name: 'DW-8G',
        description: '6 vCPU Cores\n8 GB DDR5 RAM\n160 GB NVMe Storage\n8 TB Bandwidth',
      });
      expect(body.products.product[0]!.configoptions.configoption).toHaveLength(4);
    });

    it('answers a hidden, unknown or malformed product with 404 or 422', async () => {
      expect((await get(`/billing/products/product/${DemoProduct.ddosVps2G}`)).statusCode).toBe(404);
      expect((await get('/billing/products/product/999999')).statusCode).toBe(404);
      for (const id of ['abc', '0', '2147483648', '12345678901', '%00']) {
        expect((await get(`/billing/products/product/${id}`)).statusCode, id).toBe(422);
      }
    });
  });

  describe('GET billing/os-templates/{pid}', () => {
    it("lists a VPS plan's visible templates in catalogue order; a small plan has no Windows or desktop", async () => {
      const large = osTemplatesResponseSchema.parse(
        await ok(`/billing/os-templates/${DemoProduct.dw4gNewYork}`),
      );
      expect(large.data).toEqual(
        [
          'debian-12',
          'debian-11',
          'ubuntu-24.04',
          'ubuntu-22.04',
          'centos-stream-9',
          'almalinux-9',
          'windows-server-2022',
          'PRECONFIG-web-lamp',
          'PRECONFIG-gaming-minecraft',
          'PRECONFIG-desktop-xfce',
        ].map((name) => ({ name, disklayouts: [] })),
      );
      const small = (await ok(`/billing/os-templates/${DemoProduct.dw2gNewYork}`)).data.map(
        (template: { name: string }) => template.name,
      );
      expect(small).not.toContain('windows-server-2022');
      expect(small).not.toContain('PRECONFIG-desktop-xfce');
      expect(small).toContain('debian-12');
      // Retired: linked to the plans, hidden from everyone.
      expect(small).not.toContain('centos-7');
    });

    it("lists a dedicated server's operating systems with their disk layouts; none for storage", async () => {
      const { data } = await ok(`/billing/os-templates/${DemoProduct.instantDualE5NewYork}`);
      expect(data).toContainEqual({
        name: 'Ubuntu 24.04 LTS',
        disklayouts: ['RAID 0', 'RAID 1', 'RAID 5', 'RAID 10'],
      });
      expect(data.map((template: { name: string }) => template.name)).not.toContain('CentOS 7');
      expect((await ok(`/billing/os-templates/${DemoProduct.storageChicago}`)).data).toEqual([]);
    });

    it('answers a hidden, unknown or malformed product with 404 or 422', async () => {
      expect((await get(`/billing/os-templates/${DemoProduct.ddosVps2G}`)).statusCode).toBe(404);
      expect((await get('/billing/os-templates/31337')).statusCode).toBe(404);
      expect((await get('/billing/os-templates/x1')).statusCode).toBe(422);
    });
  });

  describe('GET billing/promo/{productId}/{code}', () => {
    const promo = (productId: number, code: string, remoteAddress?: string) =>
      get(`/billing/promo/${productId}/${encodeURIComponent(code)}`, remoteAddress);

    it('describes each kind of code', async () => {
      const read = async (productId: number, code: string) => {
        const response = await promo(productId, code);
        expect(response.statusCode, `${code}: ${response.body}`).toBe(200);
        return promoResponseSchema.parse(response.json());
      };
      const base = { prefix: '$', suffix: ' USD' };
      expect(await read(DemoProduct.dw4gNewYork, DemoPromo.percentOnce)).toEqual({
        ...base,
        code: 'WELCOME10',
        type: 'Percentage',
        value: '10.00',
        recurring: false,
        recurfor: 0,
        cycles: '',
      });
      expect(await read(DemoProduct.dw4gNewYork, DemoPromo.fixedOnce)).toMatchObject({
        type: 'Fixed Amount',
        value: '5.00',
        recurring: false,
      });
      expect(await read(DemoProduct.dw4gNewYork, DemoPromo.percentRecurring3)).toMatchObject({
        type: 'Percentage',
        value: '20.00',
        recurring: true,
        recurfor: 3,
      });
      expect(await read(DemoProduct.storageNewYork, DemoPromo.fixedLifetime)).toMatchObject({
        type: 'Fixed Amount',
        value: '2.00',
        recurring: true,
        recurfor: 0,
      });
      expect(await read(DemoProduct.dw4gNewYork, DemoPromo.annualOnly)).toMatchObject({
        value: '15.00',
        cycles: 'annually,biennially',
      });
      expect(await read(DemoProduct.instantE3Chicago, DemoPromo.dedicatedOnly)).toMatchObject({
        value: '25.00',
      });
    });

    it('matches the code whatever its case', async () => {
      const response = await promo(DemoProduct.dw4gNewYork, 'welcome10');
      expect(response.statusCode).toBe(200);
      expect(response.json().code).toBe('WELCOME10');
    });

    it('answers 404 Promo code invalid for unknown, expired, not started, used up and other-product codes', async () => {
      for (const [productId, code] of [
        [DemoProduct.dw4gNewYork, 'NOSUCHCODE'],
        [DemoProduct.dw4gNewYork, DemoPromo.expired],
        [DemoProduct.dw4gNewYork, DemoPromo.notStarted],
        [DemoProduct.dw4gNewYork, DemoPromo.usedUp],
        [DemoProduct.dw4gNewYork, DemoPromo.dedicatedOnly],
      ] as const) {
        const response = await promo(productId, code, '198.51.100.20');
        expect(response.statusCode, code).toBe(404);
        expect(response.json(), code).toEqual({ message: 'Promo code invalid' });
      }
      expect((await promo(DemoProduct.ddosVps2G, DemoPromo.percentOnce)).statusCode).toBe(404);
    });

    it('holds a code on its last day and from its first, and stops it once its uses are taken', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const [row] = await t.database.db
        .insert(promoCodes)
        .values({
          code: 'EDGE1',
          type: 'Fixed Amount',
          amountCents: 100,
          startsOn: today,
          expiresOn: today,
          maxUses: 2,
          uses: 1,
        })
        .returning();
      expect((await promo(DemoProduct.dw4gNewYork, 'EDGE1')).statusCode).toBe(200);
      await t.database.db.update(promoCodes).set({ uses: 2 }).where(eq(promoCodes.id, row!.id));
      expect((await promo(DemoProduct.dw4gNewYork, 'EDGE1')).statusCode).toBe(404);
    });

    it('answers malformed codes and product ids with 4xx, never 500', async () => {
      for (const code of ['\u0000', 'WELCOME10\u0000', 'a\nb', '\u0007', '\u009b']) {
        const response = await promo(DemoProduct.dw4gNewYork, code);
        expect(response.statusCode, JSON.stringify(code)).toBe(422);
      }
      for (const url of [
        `/billing/promo/202/${'x'.repeat(101)}`,
        '/billing/promo/abc/WELCOME10',
        '/billing/promo/99999999999/WELCOME10',
        '/billing/promo/202/%E0%A4%A',
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, url).toBeLessThan(500);
      }
    });

    it('refuses an address with 429 once it has tried too many wrong codes, other addresses still served', async () => {
      const address = '203.0.113.200';
      for (let attempt = 0; attempt < promoFailuresPerAddress.limit; attempt += 1) {
        expect((await promo(DemoProduct.dw4gNewYork, `GUESS${attempt}`, address)).statusCode).toBe(404);
      }
      const blocked = await promo(DemoProduct.dw4gNewYork, DemoPromo.percentOnce, address);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await promo(DemoProduct.dw4gNewYork, DemoPromo.percentOnce, '203.0.113.201')).statusCode).toBe(
        200,
      );
    });
  });

  describe('for the order API', () => {
    const catalog = () => new CatalogService(t.database);

    it('gives an orderable product with its provisioning data, drive bays, group and OS template names', async () => {
      const vps = await catalog().orderableProduct(DemoProduct.dwCpu4gChicago);
      expect(vps).toMatchObject({
        groupId: 25,
        driveBays: null,
        provisioning: { cores: 2, memoryMb: 4096, diskGb: 60, location: 'Chicago' },
        product: { pid: DemoProduct.dwCpu4gChicago, name: 'DW-CPU-4G', stockcontrol: true },
      });
      expect(vps!.osTemplates).toContain('PRECONFIG-web-lamp');
      const server = await catalog().orderableProduct(DemoProduct.instantE2136Chicago);
      expect(server).toMatchObject({
        groupId: 22,
        driveBays: 1,
        provisioning: { serverTag: 'instant-e-2136-chi', location: 'Chicago' },
      });
      expect(await catalog().orderableProduct(DemoProduct.ddosVps2G)).toBeUndefined();
      expect(await catalog().orderableProduct(987654)).toBeUndefined();
    });

    it('prices a served product with the shared pricing rules as the summary panel will', async () => {
      const { products: list } = await ok(`/billing/products/product/${DemoProduct.instantDualE5NewYork}`);
      const product: Product = list.product[0];
      const os = option(product, 'Operating System');
      const windows = os.options.option.find((c) => c.name === 'Windows Server 2022 Standard')!;
      const layout = option(product, 'Disk Layout').options.option.find((c) => c.name === 'RAID 1')!;
      const choices = selectedChoices(product, 'quarterly', [
        { id: os.id, optionid: windows.id },
        { id: option(product, 'Disk Layout').id, optionid: layout.id },
      ]);
      if (!choices.ok) throw new Error(choices.error.message);
      const usable = await catalog().usablePromo(product.pid, 'loyal20');
      const quote = priceOrder({
        product,
        cycle: 'quarterly',
        choices: choices.value,
        quantity: 2,
        promo: usable!.promo,
      });
      // 159.00 and 25.00 a month over a quarter, 3 % off: 462.69 + 72.75; setup 49.00.
      expect(quote).toMatchObject({
        ok: true,
        value: {
          recurringCents: 46269 + 7275,
          setupCents: 4900,
          discountCents: 2 * (10709 + 980),
          promoRenewals: 3,
        },
      });
    });

    it('refuses a code limited to other products or out of its dates', async () => {
      expect(await catalog().usablePromo(DemoProduct.dw4gNewYork, DemoPromo.dedicatedOnly)).toBeUndefined();
      expect(
        await catalog().usablePromo(DemoProduct.instantE3NewYork, DemoPromo.dedicatedOnly),
      ).toMatchObject({
        id: expect.any(Number),
      });
      expect(await catalog().usablePromo(DemoProduct.dw4gNewYork, DemoPromo.expired)).toBeUndefined();
      expect(
        await catalog().usablePromo(DemoProduct.dw4gNewYork, DemoPromo.expired, '2023-09-30'),
      ).toBeDefined();
    });
  });

  describe('the demo catalogue', () => {
    const tables = [
      products,
      configOptions,
      configOptionValues,
      productCustomFields,
      osTemplates,
      productOsTemplates,
      promoCodes,
    ] as const;
    const counts = () =>
      Promise.all(
        tables.map(async (table) => (await t.database.db.select({ n: count() }).from(table))[0]!.n),
      );

    it('seeds again without changing anything, and leaves room for rows added later', async () => {
      const before = await counts();
      await seedCatalog(t.database.db);
      expect(await counts()).toEqual(before);
      const [added] = await t.database.db
        .insert(configOptions)
        .values({ productId: DemoProduct.dw2gChicago, name: 'Added later' })
        .returning();
      expect(added!.id).toBeGreaterThan(0);
    });
  });

  it('is documented in OpenAPI as public, with summaries', async () => {
    const { paths } = (await get('/docs/json')).json();
    for (const path of [
      '/api/billing/products/{groupId}',
      '/api/billing/products/product/{pid}',
      '/api/billing/os-templates/{pid}',
      '/api/billing/promo/{productId}/{code}',
    ]) {
      expect(paths[path].get.security, path).toEqual([]);
      expect(paths[path].get.summary, path).toBeTruthy();
    }
  });
});

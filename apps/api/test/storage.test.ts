import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allPermissions, bearer, createUser, loginToken } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createStorageService, createVps2Service } from './support/vps2-servers.ts';

/**
 * Storage blocks from the VPS v2 page (list, attach, detach) and from the storage page (detail,
 * detach), against the simulated Proxmox: the location rule, the whitelist rule and its message,
 * suspended disks and servers, and both pages agreeing on what is attached where.
 */
const GiB = 1024 ** 3;
const VM = { ny: 7601, ny2: 7602, chi: 7603, suspended: 7604, ownerB: 7605 } as const;

type Caller = 'guest' | 'owner' | 'otherOwner' | 'subAll' | 'subWl' | 'subOutWl' | 'subNoServices';
const callers: Caller[] = ['guest', 'owner', 'otherOwner', 'subAll', 'subWl', 'subOutWl', 'subNoServices'];

describe('storage blocks', () => {
  let sim: TestSimulator;
  let t: TestApp;
  const tokens = new Map<Caller, string | undefined>();
  let subBlockOnlyToken: string;
  const vm = { ny: 0, ny2: 0, chi: 0, suspended: 0, ownerB: 0 };
  const block = {
    attached: { id: 0, diskName: '' },
    free: { id: 0, diskName: '' },
    free2: { id: 0, diskName: '' },
    chi: { id: 0, diskName: '' },
    suspended: { id: 0, diskName: '' },
    ownerB: { id: 0, diskName: '' },
  };
  const pve = () => t.app.ctx.providers.proxmox;

  const as = (caller: Caller) => tokens.get(caller);
  const call = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const attach = (token: string | undefined, serverId: number, diskName: string) =>
    call(token, 'POST', `/services/vps/v2/${serverId}/blockStorage/attach`, { disk_name: diskName });
  const detach = (token: string | undefined, serverId: number, diskName: string) =>
    call(token, 'POST', `/services/vps/v2/${serverId}/blockStorage/detach`, { disk_name: diskName });
  const disks = async (token = as('owner')) =>
    (await call(token, 'GET', '/services/vps/v2/blockStorage')).json().disks;
  const attachedTo = async (diskId: number) =>
    (await disks()).find((d: { id: number }) => d.id === diskId)?.vm_whmcs_id as number | null | undefined;

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    const ownerA = await createUser(t);
    const ownerB = await createUser(t);
    vm.ny = (await createVps2Service(t, sim, ownerA.id, VM.ny)).id;
    vm.ny2 = (await createVps2Service(t, sim, ownerA.id, VM.ny2)).id;
    vm.chi = (await createVps2Service(t, sim, ownerA.id, VM.chi, { location: 'Chicago' })).id;
    vm.suspended = (await createVps2Service(t, sim, ownerA.id, VM.suspended, { status: 'Suspended' })).id;
    vm.ownerB = (await createVps2Service(t, sim, ownerB.id, VM.ownerB)).id;
    block.attached = await createStorageService(t, sim, ownerA.id, 'vm-7601-block-a', {
      attachTo: VM.ny,
      sizeGb: 250,
    });
    block.free = await createStorageService(t, sim, ownerA.id, 'vm-7601-block-b');
    block.free2 = await createStorageService(t, sim, ownerA.id, 'vm-7601-block-c');
    block.chi = await createStorageService(t, sim, ownerA.id, 'vm-7603-block-a', {
      location: 'Chicago',
      sizeGb: 500,
    });
    block.suspended = await createStorageService(t, sim, ownerA.id, 'vm-7601-block-d', {
      status: 'Suspended',
    });
    block.ownerB = await createStorageService(t, sim, ownerB.id, 'vm-7605-block-a');

    const sub = async (serviceWhitelist: number[] | null, permissions = allPermissions) => {
      const user = await createUser(t, { parentId: ownerA.id, permissions, serviceWhitelist });
      return loginToken(t.app, user.email, user.password);
    };
    tokens.set('guest', undefined);
    tokens.set('owner', await loginToken(t.app, ownerA.email, ownerA.password));
    tokens.set('otherOwner', await loginToken(t.app, ownerB.email, ownerB.password));
    tokens.set('subAll', await sub(null));
    // Like the demo sub-account: its server is whitelisted, the block attached to it is not.
    tokens.set('subWl', await sub([vm.ny, vm.ny2, block.free.id]));
    tokens.set('subOutWl', await sub([vm.ownerB + 1000]));
    tokens.set('subNoServices', await sub(null, { ...allPermissions, services: false }));
    subBlockOnlyToken = await sub([block.attached.id]);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  /** Only `attached` hangs on the New York server, as created. */
  beforeEach(async () => {
    for (const [serverVmid, disk] of [
      [VM.ny, block.free],
      [VM.ny, block.free2],
      [VM.ny2, block.attached],
      [VM.chi, block.chi],
    ] as const) {
      await pve()
        .detachDisk(serverVmid, disk.diskName)
        .catch(() => undefined);
    }
    await pve().attachDisk(VM.ny, block.attached.diskName);
  });

  describe('the list', () => {
    it("shows the account's usable blocks with size, location and the server they hang on", async () => {
      const list = await disks();
      expect(list).toEqual([
        {
          id: block.attached.id,
          disk_name: block.attached.diskName,
          size: 250 * GiB,
          vm_whmcs_id: vm.ny,
          location: 'New York',
        },
        expect.objectContaining({ id: block.free.id, vm_whmcs_id: null, location: 'New York' }),
        expect.objectContaining({ id: block.free2.id, vm_whmcs_id: null }),
        expect.objectContaining({ id: block.chi.id, size: 500 * GiB, location: 'Chicago' }),
        expect.objectContaining({ id: block.suspended.id, vm_whmcs_id: null }),
      ]);
    });

    const expected: Record<Caller, number> = {
      guest: 401,
      owner: 200,
      otherOwner: 200,
      subAll: 200,
      subWl: 200,
      subOutWl: 200,
      subNoServices: 403,
    };
    const sees: Partial<Record<Caller, string[]>> = {
      owner: ['attached', 'free', 'free2', 'chi', 'suspended'],
      otherOwner: ['ownerB'],
      subAll: ['attached', 'free', 'free2', 'chi', 'suspended'],
      // Its whitelisted block, and the one on its whitelisted server.
      subWl: ['attached', 'free'],
      subOutWl: [],
    };
    it.each(callers)('GET services/vps/v2/blockStorage as %s', async (caller) => {
      const response = await call(as(caller), 'GET', '/services/vps/v2/blockStorage');
      expect(response.statusCode, response.body).toBe(expected[caller]);
      if (response.statusCode !== 200) return;
      const ids = response.json().disks.map((d: { id: number }) => d.id);
      expect(ids).toEqual(sees[caller]!.map((name) => block[name as keyof typeof block].id));
    });
  });

  describe('attach and detach on the VPS page', () => {
    it('attaches a free block in the same location and detaches it again', async () => {
      const attached = await attach(as('owner'), vm.ny, block.free.diskName);
      expect(attached.json()).toEqual({ message: 'Disk Attach Successful' });
      expect(await attachedTo(block.free.id)).toBe(vm.ny);
      // Sent twice: nothing more to do.
      expect((await attach(as('owner'), vm.ny, block.free.diskName)).statusCode).toBe(200);

      const detached = await detach(as('owner'), vm.ny, block.free.diskName);
      expect(detached.json()).toEqual({ message: 'Disk Detach Successful' });
      expect(await attachedTo(block.free.id)).toBeNull();
    });

    it('refuses a block of another location with the spec message', async () => {
      const refused = await attach(as('owner'), vm.ny, block.chi.diskName);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe('Disk and VPS are not in the same location');
      expect(await attachedTo(block.chi.id)).toBeNull();
      expect((await attach(as('owner'), vm.chi, block.chi.diskName)).statusCode).toBe(200);
    });

    it('refuses a sub-account a block outside its whitelist with the spec message', async () => {
      const refused = await attach(as('subWl'), vm.ny, block.free2.diskName);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: "You don't have access to this storage block",
        error: 'service_access_denied',
      });
      expect(await attachedTo(block.free2.id)).toBeNull();

      const detachRefused = await detach(as('subWl'), vm.ny, block.attached.diskName);
      expect(detachRefused.statusCode).toBe(403);
      expect(detachRefused.json().message).toBe("You don't have access to this storage block");
      expect(await attachedTo(block.attached.id)).toBe(vm.ny);

      // Inside the whitelist it may.
      expect((await attach(as('subWl'), vm.ny, block.free.diskName)).statusCode).toBe(200);
      expect((await detach(as('subWl'), vm.ny, block.free.diskName)).statusCode).toBe(200);
    });

    it('refuses a block attached to another server', async () => {
      const refused = await attach(as('owner'), vm.ny2, block.attached.diskName);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'This storage block is attached to another server. Detach it first.',
      );
      expect(await attachedTo(block.attached.id)).toBe(vm.ny);
    });

    it('refuses a suspended block and a suspended server', async () => {
      const disk = await attach(as('owner'), vm.ny, block.suspended.diskName);
      expect(disk.statusCode).toBe(409);
      expect(disk.json()).toEqual({ message: 'Disk is suspended', error: 'service_not_manageable' });
      const server = await attach(as('owner'), vm.suspended, block.free.diskName);
      expect(server.statusCode).toBe(409);
      expect(server.json().error).toBe('service_not_manageable');
      expect(await attachedTo(block.suspended.id)).toBeNull();
      expect(await attachedTo(block.free.id)).toBeNull();
    });

    it("answers 404 for another owner's block and for a block not on that server", async () => {
      expect((await attach(as('owner'), vm.ny, block.ownerB.diskName)).statusCode).toBe(404);
      expect((await detach(as('owner'), vm.ny2, block.attached.diskName)).statusCode).toBe(404);
      expect(await attachedTo(block.attached.id)).toBe(vm.ny);
    });

    const attachExpected: Record<Caller, number> = {
      guest: 401,
      owner: 200,
      otherOwner: 404,
      subAll: 200,
      subWl: 200,
      subOutWl: 403,
      subNoServices: 403,
    };
    it.each(callers)('attach then detach as %s', async (caller) => {
      const attached = await attach(as(caller), vm.ny, block.free.diskName);
      expect(attached.statusCode, attached.body).toBe(attachExpected[caller]);
      expect(await attachedTo(block.free.id)).toBe(attached.statusCode === 200 ? vm.ny : null);
      await pve().attachDisk(VM.ny, block.free.diskName);
      const detached = await detach(as(caller), vm.ny, block.free.diskName);
      expect(detached.statusCode, detached.body).toBe(attachExpected[caller]);
      expect(await attachedTo(block.free.id)).toBe(detached.statusCode === 200 ? null : vm.ny);
    });
  });

  describe('the storage page', () => {
    it("shows the block, and 'Attached to' with the server's id and name", async () => {
      const response = await call(as('owner'), 'GET', `/services/storage/${block.attached.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const { billing, disk, attached_to } = response.json();
      expect(billing).toMatchObject({ id: block.attached.id, groupname: 'Storage Block', status: 'Active' });
      expect(disk).toMatchObject({
        id: block.attached.id,
        disk_name: block.attached.diskName,
        vm_whmcs_id: vm.ny,
      });
      expect(attached_to).toEqual({ id: vm.ny, domain: `vm${VM.ny}.example.net` });

      const free = (await call(as('owner'), 'GET', `/services/storage/${block.free.id}`)).json();
      expect(free).toMatchObject({ disk: { vm_whmcs_id: null }, attached_to: null });
      // A VPS v2 is not a storage block.
      expect((await call(as('owner'), 'GET', `/services/storage/${vm.ny}`)).statusCode).toBe(404);
    });

    it('detaches, and the VPS page agrees', async () => {
      const response = await call(as('owner'), 'POST', `/services/storage/${block.attached.id}/detach`, {
        disk_name: block.attached.diskName,
      });
      expect(response.json()).toEqual({ message: 'Disk Detach Successful' });
      expect(await attachedTo(block.attached.id)).toBeNull();
      const page = (await call(as('owner'), 'GET', `/services/storage/${block.attached.id}`)).json();
      expect(page.attached_to).toBeNull();

      const again = await call(as('owner'), 'POST', `/services/storage/${block.attached.id}/detach`, {
        disk_name: block.attached.diskName,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This storage block is not attached to a server.');
    });

    it('refuses another disk name, a suspended block, and a server outside the whitelist', async () => {
      const wrong = await call(as('owner'), 'POST', `/services/storage/${block.attached.id}/detach`, {
        disk_name: block.free.diskName,
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toHaveProperty('disk_name');

      const suspended = await call(as('owner'), 'POST', `/services/storage/${block.suspended.id}/detach`, {
        disk_name: block.suspended.diskName,
      });
      expect(suspended.statusCode).toBe(409);
      expect(suspended.json().message).toBe('Disk is suspended');

      // The block is whitelisted, the server it hangs on is not.
      const outside = await call(subBlockOnlyToken, 'POST', `/services/storage/${block.attached.id}/detach`, {
        disk_name: block.attached.diskName,
      });
      expect(outside.statusCode).toBe(403);
      expect(outside.json().error).toBe('service_access_denied');
      expect(await attachedTo(block.attached.id)).toBe(vm.ny);
    });

    const pageExpected: Record<Caller, number> = {
      guest: 401,
      owner: 200,
      otherOwner: 404,
      subAll: 200,
      // The attached block itself is outside its whitelist.
      subWl: 403,
      subOutWl: 403,
      subNoServices: 403,
    };
    it.each(callers)('GET services/storage/{id} and its detach as %s', async (caller) => {
      const page = await call(as(caller), 'GET', `/services/storage/${block.attached.id}`);
      expect(page.statusCode, page.body).toBe(pageExpected[caller]);
      const detached = await call(as(caller), 'POST', `/services/storage/${block.attached.id}/detach`, {
        disk_name: block.attached.diskName,
      });
      expect(detached.statusCode, detached.body).toBe(pageExpected[caller]);
      expect(await attachedTo(block.attached.id)).toBe(detached.statusCode === 200 ? null : vm.ny);
    });
  });
});

import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { DemoProduct, seedCatalog } from '../../src/seed/catalog.ts';
import { createApiToken, expireApiToken } from './account-callers.ts';
import { sandboxStripe, saveCard } from './cards.ts';
import { createDedicatedService, resetServer } from './dedicated-servers.ts';
import { allPermissions, bearer, createService, createUser, loginToken } from './fixtures.ts';
import { completeProfile } from './gateways.ts';
import { sampleImages } from './images.ts';
import { createInvoice } from './invoices.ts';
import type { MatrixCaller, Party } from './matrix-rule.ts';
import { createSshKey, orderRecord, placeOrder, vpsOrder } from './orders.ts';
import type { TestSimulator } from './simulator.ts';
import type { TestApp } from './test-app.ts';
import { openTicketWithImage } from './tickets.ts';
import { createStorageService, createVps2Service, LONG_ENOUGH_MS } from './vps2-servers.ts';

/** The objects of one account (owner A's or owner B's), one of every kind, as path and body values. */
export interface AccountObjects {
  dedicated: string;
  vps: string;
  vps2: string;
  storage: string;
  /** The storage block's volume, as `blockStorage/attach` names it. */
  disk: string;
  invoice: string;
  ticket: string;
  reply: string;
  image: string;
  card: string;
  sshKey: string;
  apiToken: string;
  subAccount: string;
  session: string;
  vpsIso: string;
  vps2Iso: string;
  template: string;
  backup: string;
  order: string;
  /** The service of that order, whose setup waits for the payment. */
  orderService: string;
}

/** Values that name no object at all, of every kind. */
export const missingObjects: AccountObjects = {
  dedicated: '999991',
  vps: '999992',
  vps2: '999993',
  storage: '999994',
  disk: 'block-nyc:vm-999999-disk-9',
  invoice: '999995',
  ticket: '999996',
  reply: '999997',
  image: `${'0'.repeat(32)}.png`,
  card: '999998',
  sshKey: '999999',
  apiToken: '999989',
  subAccount: '999988',
  session: '999987',
  vpsIso: '999986',
  vps2Iso: 'local:iso/missing.iso',
  template: '999985',
  backup: 'backup-nyc:backup/vzdump-qemu-999999-2030_01_01-00_00_00.vma.zst',
  order: '999984',
  orderService: '999983',
};

/** The objects a caller's call may consume (delete), and so must be made again afterwards. */
export type RenewableKind =
  | 'sshKey'
  | 'apiToken'
  | 'subAccount'
  | 'session'
  | 'card'
  | 'invoice'
  | 'vpsIso'
  | 'vps2Iso'
  | 'template'
  | 'backup';

interface Owner {
  id: number;
  email: string;
  password: string;
  /** A session of the owner that no caller uses, to make the account's objects with. */
  maker: string;
  vmid: number;
}

const VMID: Record<'A' | 'B', number> = { A: 7811, B: 7812 };
const SERVER: Record<'A' | 'B', number> = { A: 1171, B: 1172 };
const VPSID: Record<'A' | 'B', number> = { A: 7821, B: 7822 };

/** Everything the generated matrix probes: two accounts full of objects, and its callers. */
export interface MatrixWorld {
  objects: Record<'A' | 'B', AccountObjects>;
  callers: MatrixCaller[];
  tokenOf(caller: MatrixCaller): string | undefined;
  /** Makes again, for `party`, an object of a kind that a call consumed. */
  renew(kind: RenewableKind, party: 'A' | 'B'): Promise<void>;
  /** Sets up what an allowed call of the route needs to find (a block attached to detach). */
  prepare(route: string, party: 'A' | 'B'): Promise<void>;
  /**
   * Ends whatever the calls so far started upstream (boots, reinstalls, ISO downloads): the clock
   * moves on and each simulated platform applies what came due, which it otherwise does on the
   * next call that reads it, a refused one included.
   */
  settle(): Promise<void>;
  /** Owner A's e-mail and password, for a sign-in that succeeds. */
  signIn: { email: string; password2: string };
}

let isoCounter = 0;
const isoUrl = () => `http://93.184.215.14/isos/matrix-${process.pid}-${(isoCounter += 1)}.iso`;

/**
 * Builds the matrix's world: owners A and B with services of every type on simulated servers,
 * an invoice, a ticket with an image, a card, an SSH key, an API token, a sub-account, a spare
 * session, ISOs of both VPS generations, a user template, a backup and an order each; and the
 * callers: guest, both owners, A's sub-accounts (every permission, each one missing, inside and
 * outside a whitelist), A's API tokens (read-only, full, expired), a signed-out session of A, a
 * closed account and an operator.
 */
export async function createMatrixWorld(t: TestApp, sim: TestSimulator): Promise<MatrixWorld> {
  await seedCatalog(t.database.db);
  const stripe = sandboxStripe(sim);
  const api = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload && { payload }),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };

  const owners = {} as Record<'A' | 'B', Owner>;
  for (const party of ['A', 'B'] as const) {
    const user = await createUser(t, { ...completeProfile, firstname: `Owner${party}` });
    const maker = await loginToken(t.app, user.email, user.password);
    owners[party] = { id: user.id, email: user.email, password: user.password, maker, vmid: VMID[party] };
  }

  const makers: Record<RenewableKind, (owner: Owner) => Promise<string>> = {
    sshKey: async (owner) => String((await createSshKey(t, owner.id, `matrix-${(isoCounter += 1)}`)).id),
    apiToken: async (owner) =>
      String((await createApiToken(t.app, owner.maker, { description: 'Matrix' })).id),
    subAccount: async (owner) =>
      String((await createUser(t, { parentId: owner.id, permissions: allPermissions })).id),
    session: async (owner) => {
      const spare = await loginToken(t.app, owner.email, owner.password);
      const listed = await api(spare, 'GET', '/sessions');
      return String(listed.sessions.find((session: { current: boolean }) => session.current).id);
    },
    card: async (owner) => String((await saveCard(t, stripe, owner.maker)).id),
    invoice: async (owner) => String(await createInvoice(t, owner.id)),
    vpsIso: async (owner) =>
      String((await api(owner.maker, 'POST', '/services/vps/iso/add', { url: isoUrl() })).iso.id),
    vps2Iso: async (owner) =>
      String((await api(owner.maker, 'POST', '/services/vps/v2/iso/add', { url: isoUrl() })).iso.id),
    template: async (owner) => {
      // The account's limit is three templates: the ones made before go first.
      const pve = t.app.ctx.providers.proxmox;
      for (const template of await pve.listUserTemplates(owner.id))
        await pve.deleteUserTemplate(owner.id, template.id);
      await sim.advance(LONG_ENOUGH_MS);
      const made = await api(
        owner.maker,
        'POST',
        `/services/vps/v2/${objects[partyOf(owner)].vps2}/user-template/create`,
        {
          custom_name: 'matrix',
        },
      );
      await sim.advance(LONG_ENOUGH_MS);
      return String(made.user_template.id);
    },
    backup: async (owner) => {
      const pve = t.app.ctx.providers.proxmox;
      // Whatever a probe started on the server (a reinstall, a restore) ends first.
      await sim.advance(LONG_ENOUGH_MS);
      await pve.triggerBackup(owner.vmid);
      await sim.advance(LONG_ENOUGH_MS);
      return (await pve.listBackups(owner.vmid))[0]!.volid;
    },
  };
  const partyOf = (owner: Owner): 'A' | 'B' => (owner === owners.A ? 'A' : 'B');

  const objects = {} as Record<'A' | 'B', AccountObjects>;
  for (const party of ['A', 'B'] as const) {
    const owner = owners[party];
    await resetServer(sim, SERVER[party]);
    await sim.control('POST', '/virtualizor/vps', {
      vpsid: VPSID[party],
      hostname: `vps${VPSID[party]}.example.com`,
    });
    const vps2 = await createVps2Service(t, sim, owner.id, owner.vmid);
    // Named after no VM: a reinstall of the server takes the volumes named after it.
    const storage = await createStorageService(t, sim, owner.id, `vm-${owner.vmid + 100}-disk-1`);
    const image = await openTicketWithImage(t, owner.maker, sampleImages.png);
    const [, , , ticket, , reply, , name] = image.split('/');
    const order = await placeOrder(t, owner.maker, await vpsOrder(t));
    expect(order.statusCode, order.body).toBe(200);
    objects[party] = {
      dedicated: String((await createDedicatedService(t, owner.id, SERVER[party])).id),
      vps: String(
        (
          await createService(t, owner.id, {
            productId: DemoProduct.ddosVps2G,
            provider: 'virtualizor',
            upstreamId: String(VPSID[party]),
          })
        ).id,
      ),
      vps2: String(vps2.id),
      storage: String(storage.id),
      disk: storage.diskName,
      ticket: ticket!,
      reply: reply!,
      image: name!,
      order: String(order.json().orderid),
      orderService: String((await orderRecord(t, order.json().orderid)).services[0]!.id),
      invoice: '',
      card: '',
      sshKey: '',
      apiToken: '',
      subAccount: '',
      session: '',
      vpsIso: '',
      vps2Iso: '',
      template: '',
      backup: '',
    };
    for (const kind of Object.keys(makers) as RenewableKind[])
      objects[party][kind] = await makers[kind](owner);
  }

  const a = owners.A;
  const tokens = new Map<string, string | undefined>();
  const callers: MatrixCaller[] = [];
  const add = async (caller: MatrixCaller, token: Promise<string> | undefined) => {
    callers.push(caller);
    tokens.set(caller.name, await token);
  };
  const session = (owner: { email: string; password: string }) =>
    loginToken(t.app, owner.email, owner.password);
  const subAccount = async (permissions: typeof allPermissions, serviceWhitelist: number[] | null) => {
    const user = await createUser(t, { parentId: a.id, permissions, serviceWhitelist });
    return session(user);
  };
  const servicesOf = (party: 'A' | 'B') =>
    (['dedicated', 'vps', 'vps2', 'storage'] as const).map((kind) => Number(objects[party][kind]));

  await add({ name: 'guest', credential: 'none' }, undefined);
  await add({ name: 'owner', credential: 'session', party: 'A' }, session(a));
  await add({ name: 'otherOwner', credential: 'session', party: 'B' }, session(owners.B));
  await add(
    {
      name: 'subAll',
      credential: 'session',
      party: 'A',
      sub: { permissions: allPermissions, outsideWhitelist: false },
    },
    subAccount(allPermissions, null),
  );
  for (const missing of Object.keys(allPermissions) as (keyof typeof allPermissions)[]) {
    const permissions = { ...allPermissions, [missing]: false };
    const name = `subNo${missing[0]!.toUpperCase()}${missing.slice(1)}`;
    await add(
      { name, credential: 'session', party: 'A', sub: { permissions, outsideWhitelist: false } },
      subAccount(permissions, null),
    );
  }
  await add(
    {
      name: 'subInWhitelist',
      credential: 'session',
      party: 'A',
      sub: { permissions: allPermissions, outsideWhitelist: false },
    },
    subAccount(allPermissions, servicesOf('A')),
  );
  // Its whitelist names a service, but none of A's.
  await add(
    {
      name: 'subOutWhitelist',
      credential: 'session',
      party: 'A',
      sub: { permissions: allPermissions, outsideWhitelist: true },
    },
    subAccount(allPermissions, servicesOf('B').slice(0, 1)),
  );
  await add(
    { name: 'readToken', credential: 'readToken', party: 'A' },
    createApiToken(t.app, a.maker, { description: 'Read', scope: 'read' }).then((made) => made.token),
  );
  await add(
    { name: 'fullToken', credential: 'fullToken', party: 'A' },
    createApiToken(t.app, a.maker, { description: 'Full', scope: 'full' }).then((made) => made.token),
  );
  const expired = await createApiToken(t.app, a.maker, { description: 'Expired' });
  await expireApiToken(t, expired.id);
  await add({ name: 'expiredToken', credential: 'dead' }, Promise.resolve(expired.token));
  const signedOut = await session(a);
  await api(signedOut, 'POST', '/logout');
  await add({ name: 'revokedSession', credential: 'dead' }, Promise.resolve(signedOut));
  const closedUser = await createUser(t, completeProfile);
  const closedSession = await session(closedUser);
  await t.database.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, closedUser.id));
  await add(
    { name: 'closedAccount', credential: 'session', party: 'closed' as Party },
    Promise.resolve(closedSession),
  );
  const staff = await createUser(t, { role: 'operator' });
  await add({ name: 'operator', credential: 'session', party: 'staff', operator: true }, session(staff));

  return {
    objects,
    callers,
    tokenOf: (caller) => tokens.get(caller.name),
    async renew(kind, party) {
      objects[party][kind] = await makers[kind](owners[party]);
    },
    async prepare(route, party) {
      if (route !== 'POST /api/services/vps/v2/:id/blockStorage/detach') return;
      // The block, attached again as its owner would (a no-op when it still is).
      const { vps2, disk } = objects[party];
      await api(owners[party].maker, 'POST', `/services/vps/v2/${vps2}/blockStorage/attach`, {
        disk_name: disk,
      });
    },
    async settle() {
      await sim.advance(LONG_ENOUGH_MS);
      const reads = ['/proxmox/vms', '/tenantos/servers', '/powerdns/zones'];
      for (const party of ['A', 'B'] as const) reads.push(`/virtualizor/vps/${VPSID[party]}`);
      await Promise.all(reads.map((path) => sim.control('GET', path)));
    },
    signIn: { email: a.email, password2: a.password },
  };
}

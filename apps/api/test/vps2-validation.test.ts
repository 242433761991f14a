import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginToken } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createVps2Service, LONG_ENOUGH_MS } from './support/vps2-servers.ts';

/**
 * Bad input for every VPS v2 payload: a 4xx with a message the page can show, never a 500, and
 * nothing changed on the server.
 */
const VMID = 7501;

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** After services/vps/v2/{id} when `onServer`, else after services/vps/v2. */
  path: string;
  onServer?: boolean;
  payload?: unknown;
  status: number;
  /** The message the API answers (the spec's text where it has one). */
  message?: string;
  /** The field the 422 names. */
  field?: string;
}

const password = { password: 'Fresh-Pass9', password_confirm: 'Fresh-Pass9' };

const cases: Case[] = [
  {
    name: 'hostname missing',
    method: 'PATCH',
    path: '/hostname',
    onServer: true,
    payload: {},
    status: 422,
    field: 'hostname',
    message: 'Please enter a hostname.',
  },
  {
    name: 'hostname empty',
    method: 'PATCH',
    path: '/hostname',
    onServer: true,
    payload: { hostname: '  ' },
    status: 422,
    message: 'Please enter a hostname.',
  },
  {
    name: 'hostname with spaces',
    method: 'PATCH',
    path: '/hostname',
    onServer: true,
    payload: { hostname: 'not a host' },
    status: 422,
    message: 'The hostname may contain only letters, digits, hyphens and dots.',
  },
  {
    name: 'hostname too long',
    method: 'PATCH',
    path: '/hostname',
    onServer: true,
    payload: { hostname: `${'a'.repeat(60)}.`.repeat(5) + 'com' },
    status: 422,
    field: 'hostname',
  },
  {
    name: 'body not an object',
    method: 'PATCH',
    path: '/hostname',
    onServer: true,
    payload: ['x'],
    status: 422,
  },
  {
    name: 'ISO url missing',
    method: 'POST',
    path: '/iso/add',
    payload: {},
    status: 422,
    field: 'url',
    message: 'Please provide url!',
  },
  {
    name: 'ISO url empty',
    method: 'POST',
    path: '/iso/add',
    payload: { url: ' ' },
    status: 422,
    message: 'Please provide url!',
  },
  {
    name: 'ISO url not a URL',
    method: 'POST',
    path: '/iso/add',
    payload: { url: 'debian.iso' },
    status: 422,
    field: 'url',
    message: 'Please provide a valid URL.',
  },
  {
    name: 'ISO url ftp',
    method: 'POST',
    path: '/iso/add',
    payload: { url: 'ftp://93.184.215.14/a.iso' },
    status: 422,
    message: 'The URL must start with http:// or https://.',
  },
  {
    name: 'ISO url loopback',
    method: 'POST',
    path: '/iso/add',
    payload: { url: 'http://127.0.0.1/a.iso' },
    status: 422,
    message: 'The URL must point to a public address, not a private or internal one.',
  },
  {
    name: 'ISO url private',
    method: 'POST',
    path: '/iso/add',
    payload: { url: 'http://10.1.2.3/a.iso' },
    status: 422,
    field: 'url',
  },
  {
    name: 'ISO url metadata',
    method: 'POST',
    path: '/iso/add',
    payload: { url: 'http://169.254.169.254/latest' },
    status: 422,
    field: 'url',
  },
  {
    name: 'ISO url localhost',
    method: 'POST',
    path: '/iso/add',
    payload: { url: 'http://localhost:8080/a.iso' },
    status: 422,
    message: 'The URL must point to a public host, not a local or internal name.',
  },
  {
    name: 'ISO url whose host parsers read differently (backslash before @)',
    method: 'POST',
    path: '/iso/add',
    payload: { url: 'http://93.184.215.14\\@169.254.169.254/latest/meta-data/' },
    status: 422,
    field: 'url',
    message: 'The URL may not contain spaces, line breaks, backslashes or other control characters.',
  },
  {
    name: 'ISO url with a line break',
    method: 'POST',
    path: '/iso/add',
    payload: { url: 'http://93.184.215.14/a.iso\r\nHost: 169.254.169.254' },
    status: 422,
    field: 'url',
    message: 'The URL may not contain spaces, line breaks, backslashes or other control characters.',
  },
  {
    name: 'ISO url with a user name',
    method: 'POST',
    path: '/iso/add',
    payload: { url: 'http://93.184.215.14@169.254.169.254/latest/meta-data/' },
    status: 422,
    field: 'url',
    message: 'The URL may not contain a user name or password.',
  },
  {
    name: 'ISO url at an IPv4-translated IPv6 address',
    method: 'POST',
    path: '/iso/add',
    payload: { url: 'http://[::ffff:0:a9fe:a9fe]/latest/meta-data/' },
    status: 422,
    message: 'The URL must point to a public address, not a private or internal one.',
  },
  {
    name: 'ISO url at an IPv4-compatible IPv6 address',
    method: 'POST',
    path: '/iso/add',
    payload: { url: 'http://[::a9fe:a9fe]/a.iso' },
    status: 422,
    message: 'The URL must point to a public address, not a private or internal one.',
  },
  {
    name: 'ISO url too long',
    method: 'POST',
    path: '/iso/add',
    payload: { url: `http://93.184.215.14/${'a'.repeat(2100)}` },
    status: 422,
    field: 'url',
  },
  {
    name: 'ISO delete unknown',
    method: 'DELETE',
    path: `/iso/${encodeURIComponent('isos:iso/u1-nope.iso')}`,
    status: 404,
  },
  {
    name: 'insert not a string',
    method: 'POST',
    path: '/insert',
    onServer: true,
    payload: { iso: 5 },
    status: 422,
    field: 'iso',
  },
  {
    name: 'insert unknown ISO',
    method: 'POST',
    path: '/insert',
    onServer: true,
    payload: { iso: 'isos:iso/nope.iso' },
    status: 404,
  },
  {
    name: 'boot order missing',
    method: 'POST',
    path: '/boot',
    onServer: true,
    payload: {},
    status: 422,
    message: 'The boot order must be cda or dca.',
  },
  {
    name: 'boot order unknown',
    method: 'POST',
    path: '/boot',
    onServer: true,
    payload: { order: 'abc' },
    status: 422,
    field: 'order',
    message: 'The boot order must be cda or dca.',
  },
  {
    name: 'stats range unknown',
    method: 'GET',
    path: '/stats/year',
    onServer: true,
    status: 422,
    message: 'The range must be hour, day, week or month.',
  },
  {
    name: 'rebuild osid missing',
    method: 'POST',
    path: '/rebuild',
    onServer: true,
    payload: { ...password },
    status: 422,
    field: 'osid',
    message: 'Please select an operating system.',
  },
  {
    name: 'rebuild password missing',
    method: 'POST',
    path: '/rebuild',
    onServer: true,
    payload: { osid: '9000' },
    status: 422,
    field: 'password',
  },
  {
    name: 'rebuild password short',
    method: 'POST',
    path: '/rebuild',
    onServer: true,
    payload: { osid: '9000', password: 'a', password_confirm: 'a' },
    status: 422,
    message: 'The password must be at least 2 characters.',
  },
  {
    name: 'rebuild password long',
    method: 'POST',
    path: '/rebuild',
    onServer: true,
    payload: { osid: '9000', password: 'a'.repeat(41), password_confirm: 'a'.repeat(41) },
    status: 422,
    message: 'The password may not be greater than 40 characters.',
  },
  {
    name: 'rebuild passwords differ',
    method: 'POST',
    path: '/rebuild',
    onServer: true,
    payload: { osid: '9000', password: 'Fresh-Pass9', password_confirm: 'Other-Pass9' },
    status: 422,
    field: 'password_confirm',
    message: 'The passwords do not match.',
  },
  {
    name: 'rebuild custom not boolean',
    method: 'POST',
    path: '/rebuild',
    onServer: true,
    payload: { osid: '9000', ...password, custom: 'yes' },
    status: 422,
    field: 'custom',
  },
  {
    name: 'rebuild SSH keys not a list',
    method: 'POST',
    path: '/rebuild',
    onServer: true,
    payload: { osid: '9000', ...password, sshKeyIds: '1,2' },
    status: 422,
    field: 'sshKeyIds',
    message: 'The SSH keys must be a list of key ids.',
  },
  {
    name: 'rebuild SSH key not an id',
    method: 'POST',
    path: '/rebuild',
    onServer: true,
    payload: { osid: '9000', ...password, sshKeyIds: [-1] },
    status: 422,
    message: 'Unknown SSH key.',
  },
  {
    name: 'rebuild SSH key twice',
    method: 'POST',
    path: '/rebuild',
    onServer: true,
    payload: { osid: '9000', ...password, sshKeyIds: [3, 3] },
    status: 422,
    message: 'Each SSH key may be chosen once.',
  },
  {
    name: 'rebuild too many SSH keys',
    method: 'POST',
    path: '/rebuild',
    onServer: true,
    payload: { osid: '9000', ...password, sshKeyIds: Array.from({ length: 21 }, (_, i) => i + 1) },
    status: 422,
    message: 'At most 20 SSH keys can be installed.',
  },
  {
    name: 'rebuild custom template unknown',
    method: 'POST',
    path: '/rebuild',
    onServer: true,
    payload: { osid: 'custom_99999', ...password },
    status: 422,
    field: 'osid',
    message: 'This operating system is not available.',
  },
  {
    name: 'backup delete volid missing',
    method: 'POST',
    path: '/backup/delete',
    onServer: true,
    payload: {},
    status: 422,
    field: 'volid',
    message: 'Please select a backup.',
  },
  {
    name: 'backup restore volid empty',
    method: 'POST',
    path: '/backup/restore',
    onServer: true,
    payload: { volid: '' },
    status: 422,
    message: 'Please select a backup.',
  },
  {
    name: 'backup restore unknown',
    method: 'POST',
    path: '/backup/restore',
    onServer: true,
    payload: { volid: 'backups:backup/nope.vma.zst' },
    status: 404,
  },
  {
    name: 'template name missing',
    method: 'POST',
    path: '/user-template/create',
    onServer: true,
    payload: {},
    status: 422,
    message: 'Template name cannot be empty.',
  },
  {
    name: 'template name empty',
    method: 'POST',
    path: '/user-template/create',
    onServer: true,
    payload: { custom_name: '  ' },
    status: 422,
    field: 'custom_name',
    message: 'Template name cannot be empty.',
  },
  {
    name: 'template name characters',
    method: 'POST',
    path: '/user-template/create',
    onServer: true,
    payload: { custom_name: 'my template!' },
    status: 422,
    message: 'Template name can only contain letters, numbers, and underscores.',
  },
  {
    name: 'template name too long',
    method: 'POST',
    path: '/user-template/create',
    onServer: true,
    payload: { custom_name: 'a'.repeat(65) },
    status: 422,
    message: 'Template name may not be greater than 64 characters.',
  },
  {
    name: 'template install id missing',
    method: 'POST',
    path: '/user-template/install',
    onServer: true,
    payload: {},
    status: 422,
    field: 'id',
    message: 'Please select a template.',
  },
  {
    name: 'template install id not a number',
    method: 'POST',
    path: '/user-template/install',
    onServer: true,
    payload: { id: 'abc' },
    status: 422,
    field: 'id',
  },
  {
    name: 'template install unknown',
    method: 'POST',
    path: '/user-template/install',
    onServer: true,
    payload: { id: 99999 },
    status: 404,
  },
  {
    name: 'template delete id zero',
    method: 'POST',
    path: '/user-template/delete',
    payload: { id: 0 },
    status: 422,
    message: 'Unknown template.',
  },
  {
    name: 'template delete unknown',
    method: 'POST',
    path: '/user-template/delete',
    payload: { id: 99999 },
    status: 404,
  },
  {
    name: 'attach disk missing',
    method: 'POST',
    path: '/blockStorage/attach',
    onServer: true,
    payload: {},
    status: 422,
    field: 'disk_name',
    message: 'Please select a storage block.',
  },
  {
    name: 'attach unknown disk',
    method: 'POST',
    path: '/blockStorage/attach',
    onServer: true,
    payload: { disk_name: 'block-nyc:vm-1-nope' },
    status: 404,
    message: 'This storage block was not found.',
  },
  {
    name: 'detach disk empty',
    method: 'POST',
    path: '/blockStorage/detach',
    onServer: true,
    payload: { disk_name: '' },
    status: 422,
    message: 'Please select a storage block.',
  },
  {
    name: 'upgrade nothing selected',
    method: 'POST',
    path: '/upgrade',
    onServer: true,
    payload: {},
    status: 422,
    field: 'pid',
    message: 'Please select an upgrade option',
  },
  {
    name: 'upgrade empty selection',
    method: 'POST',
    path: '/upgrade',
    onServer: true,
    payload: { pid: '' },
    status: 422,
    message: 'Please select an upgrade option',
  },
  {
    name: 'upgrade plan in a list',
    method: 'POST',
    path: '/upgrade',
    onServer: true,
    payload: { pid: [203] },
    status: 422,
    field: 'pid',
    message: 'Please select an upgrade option',
  },
  {
    name: 'upgrade plan of true',
    method: 'POST',
    path: '/upgrade',
    onServer: true,
    payload: { pid: true },
    status: 422,
    field: 'pid',
    message: 'Please select an upgrade option',
  },
  {
    name: 'upgrade plan as text',
    method: 'POST',
    path: '/upgrade',
    onServer: true,
    payload: { pid: '203' },
    status: 422,
    field: 'pid',
    message: 'Please select an upgrade option',
  },
  {
    name: 'upgrade negative',
    method: 'POST',
    path: '/upgrade',
    onServer: true,
    payload: { pid: -4 },
    status: 422,
    message: 'Please select an upgrade option',
  },
  {
    name: 'upgrade unknown plan',
    method: 'POST',
    path: '/upgrade',
    onServer: true,
    payload: { pid: 99999 },
    status: 422,
    field: 'pid',
    message: 'This upgrade option is not available for this server.',
  },
];

describe('VPS v2 bad input', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let token: string;
  let id: number;
  let ownerId: number;

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    const owner = await createUser(t);
    ownerId = owner.id;
    token = await loginToken(t.app, owner.email, owner.password);
    id = (await createVps2Service(t, sim, owner.id, VMID)).id;
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const pve = t.app.ctx.providers.proxmox;
    const before = await pve.getServer(VMID);
    const response = await t.app.inject({
      method: c.method,
      url: `/api/services/vps/v2${c.onServer ? `/${id}` : ''}${c.path}`,
      headers: bearer(token),
      ...(c.payload === undefined ? {} : { payload: c.payload as object }),
    });
    expect(response.statusCode, response.body).toBe(c.status);
    const body = response.json();
    expect(typeof body.message).toBe('string');
    if (c.message) expect(body.message).toBe(c.message);
    if (c.field) expect(Object.keys(body.errors ?? {})).toContain(c.field);

    await sim.advance(LONG_ENOUGH_MS);
    const after = await pve.getServer(VMID);
    const still = (vm: typeof before) => ({ ...vm, uptime: 0, cpu: 0, bandwidth_usage: null });
    expect(still(after)).toEqual(still(before));
    expect(await pve.listIsos(ownerId)).toEqual([]);
    expect(await pve.listUserTemplates(ownerId)).toEqual([]);
    expect(await pve.listBackups(VMID)).toEqual([]);
  });

  it('answers an unknown service id in the path with a 422, not a 500', async () => {
    for (const raw of ['abc', '0', '-1', '99999999999']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/services/vps/v2/${raw}/backups`,
        headers: bearer(token),
      });
      expect(response.statusCode, raw).toBe(422);
    }
  });
});

import { type ActAnswer, type ActHandler, type ActRequest, refused } from './acts.ts';
import { vpsFromSpec } from './control.ts';
import { settle } from './machine.ts';
import { findPlan, VPS_PLANS } from './plans.ts';
import type { SimVps } from './state.ts';
import { findTemplate, OS_TEMPLATES } from './templates.ts';
import { vpsRow } from './vps-view.ts';

/**
 * The simulated admin API (`/index.php?act=…&adminapikey=…&adminapipass=…`, port 4085 on a real
 * panel): the two acts a billing system provisions with, `addvs` (create a VPS) and `vs` (list,
 * filter, delete). See docs/virtualizor.md.
 */

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const FIRST_VPSID = 1000;
/** The simulated node's IPv4 pool for new VPSs: 192.0.2.10 to 192.0.2.250 (TEST-NET-1). */
const POOL_FIRST = 10;
const POOL_LAST = 250;
const MAX_IPS = 16;

/** Form or query: the SDKs post the form and put `act` (and sometimes `virt`) in the query string. */
function field(request: ActRequest, name: string): string | undefined {
  return request.form[name] ?? request.query[name];
}

function integer(text: string | undefined): number | undefined {
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}

/**
 * `act=addvs`: GET answers what the creation form offers (plans, OS templates, servers); a POST
 * with `addvps=1` creates the VPS and answers it as `newvs`.
 */
export const addvs: ActHandler = (request) => {
  if (request.method !== 'POST' || field(request, 'addvps') !== '1') return { body: addvsForm() };
  const errors: Record<string, string> = {};
  const virt = field(request, 'virt');
  if (virt !== 'kvm') errors.virt = 'The virtualization type is invalid (this node runs kvm)';
  if (field(request, 'node_select') !== '1' && field(request, 'slave_server') === undefined) {
    errors.slave_server = 'Please select the server to create the VPS on';
  }
  const uid = integer(field(request, 'uid'));
  if (uid === undefined && !field(request, 'user_email')) {
    errors.user_email = 'Please enter the email of the user, or the uid of an existing user';
  }
  const hostname = (field(request, 'hostname') ?? '').trim();
  if (!HOSTNAME.test(hostname)) errors.hostname = 'The hostname is invalid';
  const rootpass = field(request, 'rootpass') ?? '';
  if (rootpass.length < 2 || rootpass.length > 128)
    errors.rootpass = 'The root password must be 2 to 128 characters long';
  const template = findTemplate(integer(field(request, 'osid')) ?? -1);
  if (!template) errors.osid = 'Please select a valid OS template';
  const plidText = field(request, 'plid');
  const plan = plidText === undefined || plidText === '0' ? undefined : findPlan(integer(plidText) ?? -1);
  if (plidText !== undefined && plidText !== '0' && !plan)
    errors.plid = 'The plan you specified does not exist';
  const resources = {
    cores: integer(field(request, 'cores')) ?? plan?.cores,
    ram: integer(field(request, 'ram')) ?? plan?.ramMb,
    space: integer(field(request, 'space')) ?? plan?.spaceGb,
    bandwidth: integer(field(request, 'bandwidth')) ?? plan?.bandwidthGb ?? 0,
  };
  if (!resources.space) errors.space = 'Please enter the disk space';
  if (!resources.ram) errors.ram = 'Please enter the RAM';
  const numIps = integer(field(request, 'num_ips')) ?? plan?.ips ?? 1;
  if (numIps > MAX_IPS) errors.num_ips = `A VPS can get at most ${MAX_IPS} IPv4 addresses`;
  if (Object.keys(errors).length > 0) return refused(errors);

  const ipv4 = freeAddresses(request, numIps);
  if (ipv4.length < numIps) return refused({ num_ips: 'There are not enough free IPs in the pool' });
  const vpsid = Math.max(FIRST_VPSID - 1, ...Object.values(request.state.vps).map((v) => v.vpsid)) + 1;
  const wantsIpv6 = (integer(field(request, 'num_ips6')) ?? 1) > 0;
  const vps: SimVps = {
    ...vpsFromSpec(
      {
        vpsid,
        hostname: hostname.toLowerCase(),
        cores: resources.cores ?? 1,
        ram: resources.ram!,
        space: resources.space!,
        bandwidth: resources.bandwidth,
        osid: template!.osid,
        ips: [...ipv4, ...(wantsIpv6 ? [`2001:db8:20::${vpsid.toString(16)}`] : [])],
        status: 1,
        locked: '',
        boot: 'cda',
        rootPassword: rootpass,
        createdAt: request.now,
      },
      request.now,
    ),
    ...(uid === undefined ? {} : { uid }),
    ...(plan ? { plid: plan.plid } : {}),
  };
  request.state.vps[vpsid] = vps;
  request.changed = true;
  const ips = Object.fromEntries(Object.entries(vps.ips).filter(([, ip]) => !ip.includes(':')));
  const ipv6 = Object.fromEntries(Object.entries(vps.ips).filter(([, ip]) => ip.includes(':')));
  return {
    body: {
      done: { msg: 'The VPS has been created' },
      newvs: {
        vpsid: String(vpsid),
        vps_name: `v${vpsid}`,
        virt: 'kvm',
        hostname: vps.hostname,
        osid: String(vps.osid),
        uid: String(uid ?? 0),
        plid: String(plan?.plid ?? 0),
        space: String(vps.spaceGb),
        ram: String(vps.ramMb),
        cores: String(vps.cores),
        ips,
        ipv6,
      },
    },
  };
};

/**
 * `act=vs`: the VPS list, by vpsid, narrowed by `vpsid`, `vpsname`, `vpshostname` or `vpsip`;
 * with `delete=<vpsid>` it deletes that VPS.
 */
export const vs: ActHandler = (request): ActAnswer => {
  const remove = field(request, 'delete');
  if (remove !== undefined) {
    if (!request.state.vps[remove]) return refused({ delete: 'The VPS you specified was not found' });
    delete request.state.vps[remove];
    request.changed = true;
    return { body: { done: { msg: 'The VPS has been deleted' } } };
  }
  const filters = {
    vpsid: field(request, 'vpsid'),
    vpsname: field(request, 'vpsname'),
    vpshostname: field(request, 'vpshostname')?.toLowerCase(),
    vpsip: field(request, 'vpsip'),
  };
  const listed: Record<string, unknown> = {};
  for (const vps of Object.values(request.state.vps)) {
    if (filters.vpsid && String(vps.vpsid) !== filters.vpsid) continue;
    if (filters.vpsname && `v${vps.vpsid}` !== filters.vpsname) continue;
    if (filters.vpshostname && vps.hostname !== filters.vpshostname) continue;
    if (filters.vpsip && !Object.values(vps.ips).includes(filters.vpsip)) continue;
    if (settle(vps, request.now)) request.changed = true;
    listed[vps.vpsid] = {
      ...vpsRow(vps, request.now),
      uid: String(vps.uid ?? 0),
      plid: String(vps.plid ?? 0),
    };
  }
  return { body: { vs: listed } };
};

function addvsForm(): Record<string, unknown> {
  return {
    resources: { virt: 'kvm' },
    servers: { 0: { serid: '0', server_name: 'localhost', virt: 'kvm', status: '1' } },
    plans: Object.fromEntries(
      VPS_PLANS.map((plan) => [
        plan.plid,
        {
          plid: String(plan.plid),
          plan_name: plan.name,
          virt: 'kvm',
          cores: String(plan.cores),
          ram: String(plan.ramMb),
          space: String(plan.spaceGb),
          bandwidth: String(plan.bandwidthGb),
          ips: String(plan.ips),
        },
      ]),
    ),
    oses: Object.fromEntries(
      OS_TEMPLATES.map((t) => [
        t.osid,
        { osid: String(t.osid), name: t.name, filename: t.filename, distro: t.distro, type: 'kvm' },
      ]),
    ),
  };
}

function freeAddresses(request: ActRequest, count: number): string[] {
  const used = new Set(Object.values(request.state.vps).flatMap((vps) => Object.values(vps.ips)));
  const free: string[] = [];
  for (let n = POOL_FIRST; n <= POOL_LAST && free.length < count; n += 1) {
    const ip = `192.0.2.${n}`;
    if (!used.has(ip)) free.push(ip);
  }
  return free;
}

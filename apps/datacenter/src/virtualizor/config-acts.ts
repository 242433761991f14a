import { type ActHandler, done, isAction, refused, withUnlockedVps, withVps } from './acts.ts';
import { sha256 } from './hashing.ts';
import { findIsoByFilename, isDownloaded } from './isos.ts';
import { beginReinstall, REINSTALL_MS } from './reinstall.ts';
import { type BootOrder, scaledMs, type VirtualizorState } from './state.ts';
import { distros, findTemplate, osList } from './templates.ts';

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const PASSWORD_MIN = 2;
const PASSWORD_MAX = 128;

/** `newpass` and `conf` as the password forms post them; undefined when acceptable. */
function passwordErrors(form: Record<string, string>): Record<string, string> | undefined {
  const password = form.newpass ?? '';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    return { newpass: `The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long` };
  }
  if (form.conf !== password) return { conf: 'The passwords do not match' };
  return undefined;
}

/** `act=hostname`: GET answers the current hostname; POST `newhost` changes it. */
export const hostname: ActHandler = (request) => {
  if (!isAction(request)) return withVps(request, (vps) => ({ body: { current: vps.hostname } }));
  return withUnlockedVps(request, (vps) => {
    const newhost = (request.form.newhost ?? '').trim();
    if (!HOSTNAME.test(newhost)) return refused({ newhost: 'The hostname is invalid' });
    vps.hostname = newhost.toLowerCase();
    request.changed = true;
    return done('The hostname was changed');
  });
};

/** `act=changepassword`: POST `newpass`, `conf`, `changepass` sets the root password. */
export const changepassword: ActHandler = (request) =>
  withUnlockedVps(request, (vps) => {
    if (!isAction(request)) return { body: {} };
    const errors = passwordErrors(request.form);
    if (errors) return refused(errors);
    vps.rootPasswordSha256 = sha256(request.form.newpass!);
    vps.passwordChangedAt = request.now;
    request.changed = true;
    return done('The root password was changed');
  });

/** `act=ostemplate`: GET lists the templates; POST `newos`, `newpass`, `conf`, `reinsos` reinstalls. */
export const ostemplate: ActHandler = (request) => {
  if (!isAction(request)) {
    return withVps(request, (vps) => ({
      body: { virt: 'kvm', oslist: { kvm: osList() }, distros: distros(), vps: { osid: String(vps.osid) } },
    }));
  }
  return withUnlockedVps(request, (vps) => {
    const template = findTemplate(Number(request.form.newos));
    if (!template) return refused({ newos: 'Please select a valid OS template' });
    const errors = passwordErrors(request.form);
    if (errors) return refused(errors);
    const passwordSha256 = sha256(request.form.newpass!);
    beginReinstall(
      vps,
      { osid: template.osid, passwordSha256 },
      request.now,
      scaledMs(request.ctx, REINSTALL_MS),
    );
    request.changed = true;
    return done('The OS reinstallation has started');
  });
};

const BOOT_ORDERS: Record<string, BootOrder> = { cda: 'cda', cd: 'cda', dca: 'dca', dc: 'dca' };

/** The ISOs a VPS can boot from, keyed by file name as the ISO fields of the form take them. */
function bootableIsos(state: VirtualizorState, now: number): Record<string, Record<string, unknown>> {
  const isos: Record<string, Record<string, unknown>> = {};
  for (const iso of Object.values(state.isos)) {
    if (isDownloaded(iso, now)) isos[iso.filename] = { filename: iso.filename, uuid: iso.uuid, isuseriso: 1 };
  }
  return isos;
}

/** An ISO field of the form: '0' or '' ejects, absent keeps, a file name must be a downloaded ISO. */
function isoField(
  state: VirtualizorState,
  value: string | undefined,
  now: number,
): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === '' || value === '0') return '';
  const iso = findIsoByFilename(state, value);
  return iso && isDownloaded(iso, now) ? iso.filename : null;
}

/** `act=hvmsettings`: GET reads the boot order and inserted ISOs; POST `hvmsettings` changes them. */
export const hvmsettings: ActHandler = (request) => {
  if (!isAction(request)) {
    return withVps(request, (vps) => ({
      body: {
        virt: 'kvm',
        vps: {
          vpsid: String(vps.vpsid),
          boot: vps.boot,
          iso: vps.iso,
          sec_iso: vps.secIso,
          acpi: '1',
          apic: '1',
          vnc: '1',
        },
        boot: { cda: '1) Hard Disk 2) CD Drive', dca: '1) CD Drive 2) Hard Disk' },
        isos: bootableIsos(request.state, request.now),
        flags: { iso_support: 1, enable_eu_iso: 1 },
      },
    }));
  }
  return withUnlockedVps(request, (vps) => {
    const { form } = request;
    const boot = form.boot === undefined ? vps.boot : BOOT_ORDERS[form.boot];
    const iso = isoField(request.state, form.iso, request.now);
    const secIso = isoField(request.state, form.sec_iso, request.now);
    const errors: Record<string, string> = {};
    if (!boot) errors.boot = 'The boot order must be cda or dca';
    if (iso === null) errors.iso = 'The ISO was not found or is not downloaded yet';
    if (secIso === null) errors.sec_iso = 'The secondary ISO was not found or is not downloaded yet';
    if (!boot || iso === null || secIso === null) return refused(errors);
    vps.boot = boot;
    if (iso !== undefined) vps.iso = iso;
    if (secIso !== undefined) vps.secIso = secIso;
    request.changed = true;
    return done('The VPS configuration was saved');
  });
};

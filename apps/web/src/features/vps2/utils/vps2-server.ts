import {
  VPS2_CUSTOM_OSID_PREFIX,
  type Vps2DetailResponse,
  type Vps2InsertIso,
  type Vps2Iso,
  type Vps2OsTemplate,
  type Vps2RebuildRequest,
} from '@rackdesk/contract';

/**
 * Whether a detail answer holds no server: the servers spec §2 sends the page to /services/{id}
 * when the server is not found or its data is an empty list.
 */
export function isMissingServer(data: unknown): boolean {
  if (data === undefined) return false;
  if (Array.isArray(data) || typeof data !== 'object' || data === null) return true;
  const { vps, billing } = data as Partial<Vps2DetailResponse>;
  return !vps || !billing || Array.isArray(vps);
}

/** The addresses of the Network tab: public and internal IPv4 first, then IPv6. */
export const networkAddresses = (ips: Vps2DetailResponse['vps']['ips']) => [...ips.ipv4, ...ips.ipv6];

/**
 * Reverse DNS of a VPS v2 is kept for its IPv4 addresses only: every IPv6 address is read-only
 * (servers spec §2); 192.168. ones are read-only everywhere.
 */
export const isIpv6 = (ip: string) => ip.includes(':');

/** The ISOs that can go into a CD drive: downloaded ones, by id, named by file name. */
export function insertableIsos(isos: readonly Vps2Iso[] | undefined): { value: string; label: string }[] {
  return (isos ?? [])
    .filter((iso) => iso.upload_status === 'complete')
    .map((iso) => ({ value: iso.id, label: iso.name }));
}

/** The insert call for the two drives as the Boot Configuration card gives them ('' is empty). */
export const insertBody = (drives: { primary: string; secondary: string }): Vps2InsertIso => ({
  iso: drives.primary || null,
  sec_iso: drives.secondary || null,
});

/**
 * The rebuild call: a custom_ template says so with `custom`; SSH keys go along only when the
 * chosen template takes them and some were chosen.
 */
export function rebuildBody(
  request: { osid: string; password: string },
  template: Pick<Vps2OsTemplate, 'ssh_keys_allowed'> | undefined,
  sshKeyIds: readonly number[],
): Vps2RebuildRequest {
  return {
    osid: request.osid,
    password: request.password,
    password_confirm: request.password,
    custom: request.osid.startsWith(VPS2_CUSTOM_OSID_PREFIX),
    ...(template?.ssh_keys_allowed && sshKeyIds.length > 0 ? { sshKeyIds: [...sshKeyIds] } : {}),
  };
}

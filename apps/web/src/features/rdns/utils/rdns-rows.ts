import { isInternalIp, RdnsText } from '@rackdesk/contract';

/** Why a row cannot be edited: internal (192.168.) addresses, or the page's own rule. */
export type RdnsReadOnly = 'internal' | 'other';

export interface RdnsRow {
  ip: string;
  readOnly: RdnsReadOnly | null;
}

/**
 * The rows of the Manage rDNS table in the order given: internal addresses are always read-only
 * (servers spec §5); `isReadOnly` adds the rules of the page (all IPv6 of a VPS v2, say).
 */
export function toRdnsRows(
  ips: readonly string[],
  isReadOnly: (ip: string) => boolean = () => false,
): RdnsRow[] {
  const seen = new Set<string>();
  return ips.flatMap((ip) => {
    if (seen.has(ip)) return [];
    seen.add(ip);
    const readOnly: RdnsReadOnly | null = isInternalIp(ip) ? 'internal' : isReadOnly(ip) ? 'other' : null;
    return [{ ip, readOnly }];
  });
}

/** What a read-only row shows instead of an input. */
export const readOnlyText: Record<RdnsReadOnly, string> = {
  internal: RdnsText.internalIp,
  other: RdnsText.notApplicable,
};

export const editableIps = (rows: readonly RdnsRow[]) =>
  rows.filter((row) => !row.readOnly).map((row) => row.ip);

/** Field errors of a refused save (`hostname_list.N`, `ip_list.N`) by the editable row they name. */
export function rowErrors(errors: Record<string, string[]>): Map<number, string> {
  const byRow = new Map<number, string>();
  for (const [field, messages] of Object.entries(errors)) {
    const match = /^(?:hostname_list|ip_list|ttl_list)\.(\d+)$/.exec(field);
    if (match && messages[0] && !byRow.has(Number(match[1]))) byRow.set(Number(match[1]), messages[0]);
  }
  return byRow;
}

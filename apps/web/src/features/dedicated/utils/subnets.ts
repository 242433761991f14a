import type { DedicatedIpAssignment } from '@rackdesk/contract';

export interface SubnetGroup {
  subnet: string;
  cidr: number;
  gateway: string;
  netmask: string;
  /** 'public' or 'private'. */
  type: string;
  ips: string[];
}

/** The server's assignments of one family, one group per subnet, in the order they come. */
export function subnetsOf(assignments: readonly DedicatedIpAssignment[], family: 4 | 6): SubnetGroup[] {
  const groups = new Map<string, SubnetGroup>();
  for (const assignment of assignments) {
    const isFamily = family === 4 ? assignment.ipAttributes.isIpv4 : assignment.ipAttributes.isIpv6;
    if (!isFamily) continue;
    const { subnet, cidr, gw, netmask, type } = assignment.subnetinformation;
    const key = `${subnet}/${cidr}`;
    const group = groups.get(key) ?? { subnet, cidr, gateway: gw, netmask, type, ips: [] };
    group.ips.push(assignment.ip);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** A VPS plan of the simulated panel (`plid`): what `addvs` gives a VPS made from it. */
export interface VpsPlan {
  plid: number;
  name: string;
  cores: number;
  ramMb: number;
  spaceGb: number;
  /** GB per month; 0 unlimited. */
  bandwidthGb: number;
  /** IPv4 addresses a VPS of the plan gets unless `num_ips` says otherwise. */
  ips: number;
}

/** The plans behind Rackdesk's first-generation VPS products. */
export const VPS_PLANS: readonly VpsPlan[] = [
  { plid: 1, name: 'DDoS Protected 2GB', cores: 2, ramMb: 2048, spaceGb: 40, bandwidthGb: 1000, ips: 1 },
  { plid: 2, name: 'Virtual Server 4GB', cores: 2, ramMb: 4096, spaceGb: 80, bandwidthGb: 2000, ips: 1 },
  { plid: 3, name: 'Virtual Server 8GB', cores: 4, ramMb: 8192, spaceGb: 160, bandwidthGb: 4000, ips: 1 },
];

export function findPlan(plid: number): VpsPlan | undefined {
  return VPS_PLANS.find((plan) => plan.plid === plid);
}

/** The KVM OS templates the simulated panel offers, grouped by distribution as `act=ostemplate` lists them. */
export interface OsTemplate {
  osid: number;
  name: string;
  distro: string;
  filename: string;
  sizeBytes: number;
}

export const OS_TEMPLATES: readonly OsTemplate[] = [
  {
    osid: 1001,
    name: 'Ubuntu 24.04 LTS',
    distro: 'ubuntu',
    filename: 'ubuntu-24.04-x86_64.img',
    sizeBytes: 2_361_393_152,
  },
  {
    osid: 1002,
    name: 'Ubuntu 22.04 LTS',
    distro: 'ubuntu',
    filename: 'ubuntu-22.04-x86_64.img',
    sizeBytes: 2_254_857_830,
  },
  {
    osid: 1011,
    name: 'Debian 12',
    distro: 'debian',
    filename: 'debian-12-x86_64.img',
    sizeBytes: 1_610_612_736,
  },
  {
    osid: 1012,
    name: 'Debian 11',
    distro: 'debian',
    filename: 'debian-11-x86_64.img',
    sizeBytes: 1_503_238_554,
  },
  {
    osid: 1021,
    name: 'AlmaLinux 9',
    distro: 'almalinux',
    filename: 'almalinux-9-x86_64.img',
    sizeBytes: 2_147_483_648,
  },
  {
    osid: 1031,
    name: 'Rocky Linux 9',
    distro: 'rocky',
    filename: 'rocky-9-x86_64.img',
    sizeBytes: 2_147_483_648,
  },
  {
    osid: 1041,
    name: 'CentOS Stream 9',
    distro: 'centos',
    filename: 'centos-stream-9-x86_64.img',
    sizeBytes: 2_040_109_466,
  },
  {
    osid: 1101,
    name: 'Windows Server 2022',
    distro: 'windows',
    filename: 'windows-2022-x86_64.img',
    sizeBytes: 12_884_901_888,
  },
];

export const DEFAULT_OSID = 1001;

export function findTemplate(osid: number): OsTemplate | undefined {
  return OS_TEMPLATES.find((template) => template.osid === osid);
}

/** `oslist.kvm`: distribution, then osid, then the template row (Virtualizor sends numbers as strings). */
export function osList(): Record<string, Record<string, Record<string, string>>> {
  const list: Record<string, Record<string, Record<string, string>>> = {};
  for (const t of OS_TEMPLATES) {
    list[t.distro] ??= {};
    list[t.distro]![String(t.osid)] = {
      osid: String(t.osid),
      type: 'kvm',
      name: t.name,
      filename: t.filename,
      size: String(t.sizeBytes),
      distro: t.distro,
      Nvirt: 'kvm',
      active: '1',
    };
  }
  return list;
}

export function distros(): Record<string, { distro: string; name: string; logo: string }> {
  const names: Record<string, string> = {
    ubuntu: 'Ubuntu',
    debian: 'Debian',
    almalinux: 'AlmaLinux',
    rocky: 'Rocky Linux',
    centos: 'CentOS',
    windows: 'Windows',
  };
  return Object.fromEntries(
    Object.entries(names).map(([distro, name]) => [distro, { distro, name, logo: '' }]),
  );
}

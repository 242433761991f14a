import type { InstallKind } from './state.ts';

/** A reinstallation profile as `provisioning/getProfiles` lists it. */
export interface ReinstallProfile {
  id: number;
  name: string;
  osType: 'linux' | 'windows' | 'hypervisor' | 'rescue';
  disklayouts: { id: number; name: string }[];
  isRescue: 0 | 1;
  isPasswordResetProfile: 0 | 1;
  /** Tenantos's feature flags of a profile, 0 or 1. */
  features: {
    follow_install_progress: 0 | 1;
    allow_ssh_keys: 0 | 1;
    allow_set_hostname: 0 | 1;
    set_root_password: 0 | 1;
  };
}

/** The flags of a profile that installs (or boots) a system with or without a root password and SSH keys. */
const features = (rootPassword: boolean, sshKeys: boolean): ReinstallProfile['features'] => ({
  follow_install_progress: 1,
  allow_ssh_keys: sshKeys ? 1 : 0,
  allow_set_hostname: sshKeys ? 1 : 0,
  set_root_password: rootPassword ? 1 : 0,
});

const layouts = {
  single: { id: 1, name: 'Single disk (first disk only)' },
  raid1: { id: 2, name: 'Software RAID 1' },
  raid10: { id: 3, name: 'Software RAID 10' },
  separate: { id: 4, name: 'No RAID (all disks separate)' },
  raid0: { id: 5, name: 'Software RAID 0' },
  raid5: { id: 6, name: 'Software RAID 5' },
};

const linux = features(true, true);

/** The same catalogue for every server: a provider usually offers one set of images. */
export const reinstallProfiles: readonly ReinstallProfile[] = [
  {
    id: 1,
    name: 'Debian 12 (Bookworm)',
    osType: 'linux',
    disklayouts: [layouts.single, layouts.raid0, layouts.raid1, layouts.raid5, layouts.separate],
    isRescue: 0,
    isPasswordResetProfile: 0,
    features: linux,
  },
  {
    id: 2,
    name: 'Ubuntu 24.04 LTS',
    osType: 'linux',
    disklayouts: [
      layouts.single,
      layouts.raid0,
      layouts.raid1,
      layouts.raid5,
      layouts.raid10,
      layouts.separate,
    ],
    isRescue: 0,
    isPasswordResetProfile: 0,
    features: linux,
  },
  {
    id: 3,
    name: 'Rocky Linux 9',
    osType: 'linux',
    disklayouts: [layouts.single, layouts.raid1],
    isRescue: 0,
    isPasswordResetProfile: 0,
    features: linux,
  },
  {
    id: 4,
    name: 'AlmaLinux 9',
    osType: 'linux',
    disklayouts: [layouts.single, layouts.raid1],
    isRescue: 0,
    isPasswordResetProfile: 0,
    features: linux,
  },
  {
    id: 5,
    name: 'Windows Server 2022 Standard',
    osType: 'windows',
    disklayouts: [layouts.single, layouts.raid1],
    isRescue: 0,
    isPasswordResetProfile: 0,
    features: features(true, false),
  },
  {
    id: 6,
    name: 'Proxmox VE 8',
    osType: 'hypervisor',
    disklayouts: [layouts.single, layouts.raid1, layouts.raid10],
    isRescue: 0,
    isPasswordResetProfile: 0,
    features: linux,
  },
  {
    id: 7,
    name: 'Rescue System (Linux)',
    osType: 'rescue',
    disklayouts: [],
    isRescue: 1,
    isPasswordResetProfile: 0,
    features: linux,
  },
  {
    id: 8,
    name: 'Hardware Diagnostics (memtest, disk checks)',
    osType: 'rescue',
    disklayouts: [],
    isRescue: 1,
    isPasswordResetProfile: 0,
    features: features(false, false),
  },
  {
    id: 9,
    name: 'Reset Root Password',
    osType: 'rescue',
    disklayouts: [],
    isRescue: 0,
    isPasswordResetProfile: 1,
    features: features(true, false),
  },
];

export function findProfile(id: number): ReinstallProfile | undefined {
  return reinstallProfiles.find((profile) => profile.id === id);
}

export function installKindOf(profile: ReinstallProfile): InstallKind {
  if (profile.isRescue) return 'rescue';
  if (profile.isPasswordResetProfile) return 'passwordReset';
  return 'install';
}

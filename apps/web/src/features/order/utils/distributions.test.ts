import { describe, expect, it } from 'vitest';
import { defaultOs, distributions, osFamilyOf, versionLabel } from './distributions.ts';
import { sshKeysAllowed } from './ssh-keys-allowed.ts';

const templates = [
  'debian-12',
  'debian-11',
  'ubuntu-24.04',
  'centos-stream-9',
  'almalinux-9',
  'windows-2022',
  'PRECONFIG-web-debian-12',
  'PRECONFIG-gaming-ubuntu-22.04',
  'PRECONFIG-desktop-ubuntu-24.04',
].map((name) => ({ name, disklayouts: [] }));

describe('distributions', () => {
  it('tells prebuilt templates, standard systems and custom templates apart', () => {
    expect(osFamilyOf('PRECONFIG-web-debian-12')).toBe('web');
    expect(osFamilyOf('PRECONFIG-gaming-ubuntu-22.04')).toBe('gaming');
    expect(osFamilyOf('PRECONFIG-desktop-ubuntu-24.04')).toBe('desktop');
    expect(osFamilyOf('debian-12')).toBe('debian');
    expect(osFamilyOf('AlmaLinux-9')).toBe('almalinux');
    expect(osFamilyOf('windows-2022')).toBe('windows');
    expect(osFamilyOf('custom_12')).toBe('custom');
    expect(osFamilyOf('freebsd-14')).toBeNull();
  });

  it('names the versions', () => {
    expect(versionLabel('debian', 'debian-12')).toBe('12');
    expect(versionLabel('centos', 'centos-stream-9')).toBe('Stream 9');
    expect(versionLabel('web', 'PRECONFIG-web-lamp')).toBe('Lamp');
    expect(versionLabel('desktop', 'PRECONFIG-desktop')).toBe('PRECONFIG-desktop');
  });

  it('lists the prebuilt kinds with gaming coming soon, then the systems the product installs', () => {
    const list = distributions(templates, null);
    expect(list.map((family) => [family.label, family.section, family.comingSoon])).toEqual([
      ['Web Hosting', 'prebuilt', false],
      ['Gaming', 'prebuilt', true],
      ['Desktop', 'prebuilt', false],
      ['Debian', 'standard', false],
      ['Ubuntu', 'standard', false],
      ['CentOS', 'standard', false],
      ['AlmaLinux', 'standard', false],
      ['Windows', 'standard', false],
    ]);
    expect(list.find((family) => family.key === 'gaming')?.versions).toEqual([]);
    expect(list.find((family) => family.key === 'debian')?.versions).toEqual([
      { value: 'debian-12', label: '12' },
      { value: 'debian-11', label: '11' },
    ]);
    expect(defaultOs(list)).toBe('debian-12');
  });

  it('adds Custom Template for a logged-in user only, with the account’s templates', () => {
    const list = distributions(templates.slice(0, 2), [{ id: 7, custom_name: 'golden' }]);
    expect(list.map((family) => family.label)).toEqual([
      'Web Hosting',
      'Gaming',
      'Desktop',
      'Debian',
      'Custom Template',
    ]);
    expect(list.at(-1)?.versions).toEqual([{ value: 'custom_7', label: 'golden' }]);
  });
});

describe('sshKeysAllowed', () => {
  const withKeys = { customfields: { customfield: [{ id: 3, name: 'ssh_key_ids' as const }] } };
  const withoutKeys = { customfields: { customfield: [{ id: 2, name: 'custom_os_id' as const }] } };

  it('allows keys for a Linux system of a product that takes them, for a logged-in user', () => {
    expect(sshKeysAllowed({ os: 'debian-12', product: withKeys, loggedIn: true })).toBe(true);
    expect(sshKeysAllowed({ os: 'PRECONFIG-web-debian-12', product: withKeys, loggedIn: true })).toBe(true);
  });

  it('refuses them for Windows, a custom template, a product without the field, or a guest', () => {
    expect(sshKeysAllowed({ os: 'windows-2022', product: withKeys, loggedIn: true })).toBe(false);
    expect(sshKeysAllowed({ os: 'custom_7', product: withKeys, loggedIn: true })).toBe(false);
    expect(sshKeysAllowed({ os: 'debian-12', product: withoutKeys, loggedIn: true })).toBe(false);
    expect(sshKeysAllowed({ os: 'debian-12', product: withKeys, loggedIn: false })).toBe(false);
  });
});

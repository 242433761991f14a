import { describe, expect, it } from 'vitest';
import {
  insertableIsos,
  insertBody,
  isIpv6,
  isMissingServer,
  networkAddresses,
  rebuildBody,
} from './vps2-server.ts';

describe('isMissingServer', () => {
  it('is true for an empty list or an answer without the server', () => {
    expect(isMissingServer([])).toBe(true);
    expect(isMissingServer({ vps: [], billing: {} })).toBe(true);
    expect(isMissingServer({ billing: {} })).toBe(true);
    expect(isMissingServer(null)).toBe(true);
  });

  it('is false while nothing is loaded and for a server with its billing', () => {
    expect(isMissingServer(undefined)).toBe(false);
    expect(isMissingServer({ vps: { id: 101 }, billing: { id: 3 } })).toBe(false);
  });
});

describe('network addresses', () => {
  it('lists IPv4 before IPv6 and tells IPv6 apart', () => {
    const ips = networkAddresses({ ipv4: ['198.51.100.30', '192.168.20.30'], ipv6: ['2001:db8:400::30'] });
    expect(ips).toEqual(['198.51.100.30', '192.168.20.30', '2001:db8:400::30']);
    expect(ips.map(isIpv6)).toEqual([false, false, true]);
  });
});

describe('insertableIsos', () => {
  it('offers the downloaded ISOs by id, named by file', () => {
    expect(
      insertableIsos([
        { id: 'isos:iso/u1-a-rescue.iso', name: 'rescue.iso', uuid: 'a', upload_status: 'complete' },
        { id: 'isos:iso/u1-b-new.iso', name: 'new.iso', uuid: 'b', upload_status: 'queued' },
      ]),
    ).toEqual([{ value: 'isos:iso/u1-a-rescue.iso', label: 'rescue.iso' }]);
    expect(insertableIsos(undefined)).toEqual([]);
  });
});

describe('insertBody', () => {
  it('sends the chosen ISO ids, null for an empty drive', () => {
    expect(insertBody({ primary: 'isos:iso/u1-a-rescue.iso', secondary: '' })).toEqual({
      iso: 'isos:iso/u1-a-rescue.iso',
      sec_iso: null,
    });
  });
});

describe('rebuildBody', () => {
  const request = { osid: '9002', password: 'Secret-pass1' };

  it('confirms the password and marks custom_ templates as custom', () => {
    expect(rebuildBody(request, { ssh_keys_allowed: false }, [])).toEqual({
      osid: '9002',
      password: 'Secret-pass1',
      password_confirm: 'Secret-pass1',
      custom: false,
    });
    expect(rebuildBody({ ...request, osid: 'custom_7' }, undefined, []).custom).toBe(true);
  });

  it('sends SSH keys only when the template takes them and some were chosen', () => {
    expect(rebuildBody(request, { ssh_keys_allowed: true }, [3, 5]).sshKeyIds).toEqual([3, 5]);
    expect(rebuildBody(request, { ssh_keys_allowed: true }, [])).not.toHaveProperty('sshKeyIds');
    expect(rebuildBody(request, { ssh_keys_allowed: false }, [3])).not.toHaveProperty('sshKeyIds');
  });
});

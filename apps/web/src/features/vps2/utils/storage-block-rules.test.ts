import { describe, expect, it } from 'vitest';
import {
  attachmentOf,
  attachRefusal,
  detachRefusal,
  isSameLocation,
  sortBlocks,
  storageOrderPath,
} from './storage-block-rules.ts';

describe('attachmentOf', () => {
  it('tells a block on this server, on another, and a free one apart', () => {
    expect(attachmentOf({ vm_whmcs_id: 5 }, 5)).toBe('here');
    expect(attachmentOf({ vm_whmcs_id: 6 }, 5)).toBe('elsewhere');
    expect(attachmentOf({ vm_whmcs_id: null }, 5)).toBe('free');
  });
});

describe('isSameLocation', () => {
  it('matches the bare location name, ignoring case and spacing', () => {
    expect(isSameLocation('New York', 'New York')).toBe(true);
    expect(isSameLocation('New York', ' new  york ')).toBe(true);
    expect(isSameLocation('Chicago', 'New York')).toBe(false);
  });

  it('matches a region label that ends in the location', () => {
    expect(isSameLocation('New York', 'Cloud VPS - New York')).toBe(true);
    expect(isSameLocation('Chicago', 'Cloud VPS - New York')).toBe(false);
    expect(isSameLocation('York', 'Cloud VPS - New York')).toBe(true);
    expect(isSameLocation('ork', 'Cloud VPS - New York')).toBe(false);
  });

  it('is unknown when either side is empty', () => {
    expect(isSameLocation('', 'New York')).toBeUndefined();
    expect(isSameLocation('New York', '')).toBeUndefined();
  });
});

describe('attachRefusal', () => {
  it('refuses a block of another location', () => {
    expect(
      attachRefusal({ disk: { location: 'Chicago' }, vpsRegion: 'New York', blockWhitelisted: true }),
    ).toBe('Disk and VPS are not in the same location');
  });

  it('refuses a block outside the whitelist', () => {
    expect(
      attachRefusal({ disk: { location: 'Chicago' }, vpsRegion: 'Chicago', blockWhitelisted: false }),
    ).toBe("You don't have access to this storage block");
  });

  it('names the location first when both rules fail', () => {
    expect(
      attachRefusal({ disk: { location: 'Chicago' }, vpsRegion: 'New York', blockWhitelisted: false }),
    ).toBe('Disk and VPS are not in the same location');
  });

  it('allows a whitelisted block of the same location, and leaves an unknown region to the server', () => {
    expect(
      attachRefusal({ disk: { location: 'Chicago' }, vpsRegion: 'Chicago', blockWhitelisted: true }),
    ).toBeNull();
    expect(
      attachRefusal({ disk: { location: 'Chicago' }, vpsRegion: '', blockWhitelisted: true }),
    ).toBeNull();
  });
});

describe('detachRefusal', () => {
  it('allows only whitelisted blocks', () => {
    expect(detachRefusal({ blockWhitelisted: true })).toBeNull();
    expect(detachRefusal({ blockWhitelisted: false })).toBe("You don't have access to this storage block");
  });
});

describe('sortBlocks', () => {
  it('puts blocks on this server first, then free ones of its location, then the rest', () => {
    const disks = [
      { disk_name: 'b-elsewhere', vm_whmcs_id: 9, location: 'New York' },
      { disk_name: 'c-free-chicago', vm_whmcs_id: null, location: 'Chicago' },
      { disk_name: 'd-free-ny', vm_whmcs_id: null, location: 'New York' },
      { disk_name: 'a-free-ny', vm_whmcs_id: null, location: 'New York' },
      { disk_name: 'e-here', vm_whmcs_id: 5, location: 'New York' },
    ];
    expect(sortBlocks(disks, 5, 'New York').map((d) => d.disk_name)).toEqual([
      'e-here',
      'a-free-ny',
      'd-free-ny',
      'c-free-chicago',
      'b-elsewhere',
    ]);
  });
});

describe('storageOrderPath', () => {
  it('links the order page of storage in the VPS region', () => {
    expect(storageOrderPath('New York')).toBe('/order/322');
    expect(storageOrderPath('Cloud VPS - Chicago')).toBe('/order/323');
    expect(storageOrderPath('Frankfurt')).toBeNull();
    expect(storageOrderPath('')).toBeNull();
  });
});

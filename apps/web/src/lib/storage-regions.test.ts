import { describe, expect, it } from 'vitest';
import { storageRegionOf, vps2Region } from './storage-regions.ts';

describe('storage regions', () => {
  it('names the region of each storage product', () => {
    expect(storageRegionOf(322)).toBe('New York');
    expect(storageRegionOf(323)).toBe('Chicago');
    expect(storageRegionOf(301)).toBe('');
  });

  it('reads a VPS v2 region from its product group', () => {
    expect(vps2Region('Cloud VPS - New York')).toBe('New York');
    expect(vps2Region('Cloud VPS - Chicago')).toBe('Chicago');
    expect(vps2Region('Virtual Servers')).toBe('');
  });
});

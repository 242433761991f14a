import { describe, expect, it } from 'vitest';
import { servicePath } from './service-types.ts';

describe('servicePath', () => {
  it('links each derived type to its page, and pending services to the generic page', () => {
    expect(servicePath({ id: 1, status: 'Active', groupname: 'Instant Dedicated Servers - New York' })).toBe(
      '/services/dedicated/1',
    );
    expect(servicePath({ id: 2, status: 'Active', groupname: 'DDoS Protected VPS' })).toBe('/services/vps/2');
    expect(servicePath({ id: 3, status: 'Suspended', groupname: 'Cloud VPS - Chicago' })).toBe(
      '/services/vps/v2/3',
    );
    expect(servicePath({ id: 4, status: 'Active', groupname: 'Storage Block' })).toBe('/services/storage/4');
    expect(servicePath({ id: 5, status: 'Active', groupname: 'Something else' })).toBe('/services/5');
    expect(servicePath({ id: 6, status: 'Pending', groupname: 'Cloud VPS - Chicago' })).toBe('/services/6');
  });
});

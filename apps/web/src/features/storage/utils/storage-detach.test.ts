import { describe, expect, it } from 'vitest';
import { ownerUser, subAccountUser } from '../../../lib/test-users.ts';
import { canDetachStorage } from './storage-detach.ts';

const attachedTo = { id: 3, domain: 'web01.demo.example' };

describe('canDetachStorage', () => {
  it('offers Detach for an attached, Active block to its owner', () => {
    expect(canDetachStorage({ status: 'Active', attachedTo, user: ownerUser })).toBe(true);
  });

  it('hides Detach unless the service is Active', () => {
    for (const status of ['Suspended', 'Pending', 'Cancelled', 'Terminated', 'Fraud'] as const) {
      expect(canDetachStorage({ status, attachedTo, user: ownerUser })).toBe(false);
    }
  });

  it('hides Detach for a block that is not attached', () => {
    expect(canDetachStorage({ status: 'Active', attachedTo: null, user: ownerUser })).toBe(false);
  });

  it('offers Detach to a sub-account only when the server is in its whitelist', () => {
    expect(canDetachStorage({ status: 'Active', attachedTo, user: subAccountUser([3, 4]) })).toBe(true);
    expect(canDetachStorage({ status: 'Active', attachedTo, user: subAccountUser(null) })).toBe(true);
    expect(canDetachStorage({ status: 'Active', attachedTo, user: subAccountUser([4]) })).toBe(false);
  });
});

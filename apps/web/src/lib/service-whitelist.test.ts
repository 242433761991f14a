import { describe, expect, it } from 'vitest';
import { ownerUser, subAccountUser } from './test-users.ts';
import { isServiceWhitelisted } from './service-whitelist.ts';

describe('isServiceWhitelisted', () => {
  it('lets an owner act on any service', () => {
    expect(isServiceWhitelisted(ownerUser, 42)).toBe(true);
  });

  it('lets a sub-account without a whitelist act on every service', () => {
    expect(isServiceWhitelisted(subAccountUser(null), 42)).toBe(true);
  });

  it('limits a sub-account with a whitelist to the listed services', () => {
    expect(isServiceWhitelisted(subAccountUser([7, 42]), 42)).toBe(true);
    expect(isServiceWhitelisted(subAccountUser([7]), 42)).toBe(false);
    expect(isServiceWhitelisted(subAccountUser([]), 42)).toBe(false);
  });

  it('refuses when nobody is signed in', () => {
    expect(isServiceWhitelisted(null, 42)).toBe(false);
    expect(isServiceWhitelisted(undefined, 42)).toBe(false);
  });
});

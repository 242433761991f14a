import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema/index.ts';
import { hasCompleteProfile, toUserDto } from './users.mapper.ts';

const base: UserRow = {
  id: 1,
  parentId: null,
  email: 'owner@example.com',
  passwordHash: 'x',
  firstname: 'Olivia',
  lastname: 'Owner',
  companyname: '',
  address1: '1 Main St',
  address2: '',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
  phonenumber: '2175550100',
  defaultGateway: 'stripe',
  creditCents: 1234,
  stripeCustomerId: null,
  emailVerifiedAt: new Date(),
  twoFactorMethod: 'none',
  totpSecret: 'SECRET',
  totpLastStep: null,
  pendingTwoFactorMethod: null,
  pendingTotpSecret: null,
  pendingTwoFactorExpiresAt: null,
  permissions: null,
  serviceWhitelist: null,
  emailNotifications: null,
  closedAt: null,
  role: 'customer',
  createdAt: new Date(),
  updatedAt: new Date(),
};

describe('toUserDto', () => {
  it('gives an owner its own details, credit in dollars and no sub-account block', () => {
    const dto = toUserDto(base);
    expect(dto).toMatchObject({
      id: 1,
      fullname: 'Olivia Owner',
      first_name: 'Olivia',
      credit: '12.34',
      currency_code: 'USD',
      user_details_ok: true,
      is_sub_account: false,
      sub_account: null,
      phonenumberformatted: '+1.2175550100',
    });
  });

  it('formats the stored international number as the billing system does', () => {
    expect(toUserDto({ ...base, phonenumber: '+44 20 7946 0958' }).phonenumberformatted).toBe(
      '+44.2079460958',
    );
    expect(toUserDto({ ...base, phonenumber: '' }).phonenumberformatted).toBe('');
  });

  it('never exposes secrets', () => {
    const dto = toUserDto(base) as Record<string, unknown>;
    for (const key of ['passwordHash', 'totpSecret', 'password_hash']) expect(dto).not.toHaveProperty(key);
  });

  it('gives a sub-account the owner’s account and its own name, e-mail and rights', () => {
    const sub: UserRow = {
      ...base,
      id: 2,
      parentId: 1,
      email: 'sub@example.com',
      firstname: 'Sam',
      lastname: 'Sub',
      permissions: { order: false, services: true, billing: false, support: true },
      serviceWhitelist: [4],
    };
    expect(toUserDto(base, sub)).toMatchObject({
      id: 1,
      email: 'owner@example.com',
      is_sub_account: true,
      sub_account: { id: 2, firstname: 'Sam', email: 'sub@example.com', service_whitelist: [4] },
    });
  });

  it('keeps a null whitelist as null: every service', () => {
    const sub: UserRow = { ...base, id: 2, parentId: 1, permissions: null, serviceWhitelist: null };
    const dto = toUserDto(base, sub);
    expect(dto.sub_account?.service_whitelist).toBeNull();
    expect(dto.sub_account?.parsed_permissions).toEqual({
      order: false,
      services: false,
      billing: false,
      support: false,
    });
  });
});

describe('hasCompleteProfile', () => {
  it('is false while any required contact field is blank', () => {
    expect(hasCompleteProfile(base)).toBe(true);
    expect(hasCompleteProfile({ ...base, address1: ' ' })).toBe(false);
    expect(hasCompleteProfile({ ...base, phonenumber: '' })).toBe(false);
  });

  it('counts the billing system’s placeholders as empty', () => {
    expect(hasCompleteProfile({ ...base, city: 'NOT_SET' })).toBe(false);
    expect(hasCompleteProfile({ ...base, state: ' NOT_SET ' })).toBe(false);
    expect(hasCompleteProfile({ ...base, postcode: '00000' })).toBe(false);
    expect(hasCompleteProfile({ ...base, phonenumber: '+1.1111111111' })).toBe(false);
    // Only the postcode's placeholder is 00000: elsewhere it is a value like any other.
    expect(hasCompleteProfile({ ...base, address1: '00000' })).toBe(true);
  });
});

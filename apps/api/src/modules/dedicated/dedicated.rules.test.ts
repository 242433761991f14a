import type { DedicatedOsTemplate, DedicatedServer } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { checkConsole, checkPowerAction, checkRebuild } from './dedicated.rules.ts';

const template = (id: number, flags: Partial<DedicatedOsTemplate> = {}): DedicatedOsTemplate => ({
  id,
  name: `Template ${id}`,
  disklayouts: [{ id: 2, name: 'Software RAID 1' }],
  isRescue: 0,
  isPasswordResetProfile: 0,
  features: { set_root_password: true },
  ...flags,
});
const templates = [
  template(1),
  template(7, { isRescue: 1, disklayouts: [] }),
  template(8, { isRescue: 1, disklayouts: [], features: { set_root_password: false } }),
  template(9, { isPasswordResetProfile: 1, disklayouts: [] }),
];
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('checkRebuild', () => {
  it('passes a reinstall on with its layout and password', () => {
    expect(checkRebuild(templates, { template: 1, disk_layout: 2, password: 'ab' })).toEqual({
      kind: 'reinstall',
      request: { template: 1, disk_layout: 2, password: 'ab' },
    });
  });

  it('treats rescue and password-reset templates as rescue mode, with 3 to 40 characters', () => {
    expect(checkRebuild(templates, { template: 9, password: 'abc' }).kind).toBe('rescue');
    expect(refusal(() => checkRebuild(templates, { template: 7, password: 'ab' }))).toMatchObject({
      statusCode: 422,
      body: { errors: { password: ['The password must be between 3 and 40 characters.'] } },
    });
  });

  it('drops the password of a template that sets none', () => {
    expect(checkRebuild(templates, { template: 8, password: 'whatever' }).request).toEqual({ template: 8 });
  });

  it.each([
    [{ template: 99, password: 'abc' }, 'template'],
    [{ template: 1, disk_layout: 3, password: 'abc' }, 'disk_layout'],
    [{ template: 1 }, 'password'],
    [{ template: 1, password: 'x'.repeat(41) }, 'password'],
  ])('refuses %o on its field', (input, field) => {
    expect(refusal(() => checkRebuild(templates, input))).toMatchObject({
      statusCode: 422,
      body: { errors: { [field]: [expect.any(String)] } },
    });
  });
});

describe('checkPowerAction and checkConsole', () => {
  const ipmi: Pick<DedicatedServer, 'powerprovider' | 'consoleprovider'> = {
    powerprovider: {
      type: 'ipmi',
      supportedFeatures: ['status', 'powerOn', 'powerOff', 'powerReset', 'resetBmc'],
    },
    consoleprovider: { type: 'ipmi' },
  };
  const pdu = {
    powerprovider: { type: 'pdu', supportedFeatures: ['powerOn' as const] },
    consoleprovider: null,
  };
  const none = { powerprovider: null, consoleprovider: null };

  it('allows what the power provider supports', () => {
    expect(() => checkPowerAction(ipmi, 'resetBmc')).not.toThrow();
    expect(() => checkPowerAction(pdu, 'powerOn')).not.toThrow();
    expect(() => checkConsole(ipmi)).not.toThrow();
  });

  it('refuses Reset BMC without IPMI, unsupported actions, and everything without a provider', () => {
    expect(refusal(() => checkPowerAction(pdu, 'resetBmc'))).toMatchObject({ statusCode: 422 });
    expect(refusal(() => checkPowerAction(pdu, 'powerOff'))).toMatchObject({ statusCode: 422 });
    expect(refusal(() => checkPowerAction(none, 'powerOn'))).toMatchObject({ statusCode: 422 });
    expect(refusal(() => checkConsole(pdu))).toMatchObject({ statusCode: 422 });
  });
});

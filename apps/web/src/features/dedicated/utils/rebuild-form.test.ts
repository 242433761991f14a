import type { DedicatedOsTemplate } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  diskLayoutOptions,
  NO_DISK_LAYOUT,
  passwordLengthProblem,
  reinstallTemplates,
  rescueTemplates,
  toRebuildRequest,
} from './rebuild-form.ts';

const template = (id: number, flags: Partial<DedicatedOsTemplate> = {}): DedicatedOsTemplate => ({
  id,
  name: `Template ${id}`,
  disklayouts: [
    { id: 1, name: 'Single disk' },
    { id: 2, name: 'Software RAID 1' },
  ],
  isRescue: 0,
  isPasswordResetProfile: 0,
  features: { set_root_password: true },
  ...flags,
});
const debian = template(1);
const rescue = template(7, { isRescue: 1, disklayouts: [] });
const diagnostics = template(8, { isRescue: 1, disklayouts: [], features: { set_root_password: false } });
const reset = template(9, { isPasswordResetProfile: 1, disklayouts: [] });
const all = [debian, rescue, diagnostics, reset];

describe('template lists', () => {
  it('leaves rescue and password-reset templates out of Reinstall OS', () => {
    expect(reinstallTemplates(all)).toEqual([debian]);
  });

  it('offers only rescue and password-reset templates in Rescue Mode', () => {
    expect(rescueTemplates(all)).toEqual([rescue, diagnostics, reset]);
  });
});

describe('disk layouts', () => {
  it('offers None first, then the layouts of the template', () => {
    expect(diskLayoutOptions(debian)).toEqual([
      { value: NO_DISK_LAYOUT, label: 'None' },
      { value: '1', label: 'Single disk' },
      { value: '2', label: 'Software RAID 1' },
    ]);
    expect(diskLayoutOptions(undefined)).toEqual([{ value: NO_DISK_LAYOUT, label: 'None' }]);
  });

  it('sends no layout for None, and the chosen one otherwise', () => {
    const values = { template: '1', password: 'secret-pw' };
    expect(toRebuildRequest({ ...values, diskLayout: NO_DISK_LAYOUT }, debian)).toEqual({
      template: 1,
      password: 'secret-pw',
    });
    expect(toRebuildRequest({ ...values, diskLayout: '2' }, debian)).toEqual({
      template: 1,
      disk_layout: 2,
      password: 'secret-pw',
    });
  });

  it('drops a layout that is not the template’s, and the password of a template that sets none', () => {
    expect(toRebuildRequest({ template: '8', diskLayout: '2', password: 'x' }, diagnostics)).toEqual({
      template: 8,
    });
  });
});

describe('passwordLengthProblem', () => {
  it('accepts 2 to 40 characters on reinstall', () => {
    expect(passwordLengthProblem('ab', 'reinstall')).toBeNull();
    expect(passwordLengthProblem('a'.repeat(40), 'reinstall')).toBeNull();
    expect(passwordLengthProblem('a', 'reinstall')).toBe('The password must be between 2 and 40 characters.');
    expect(passwordLengthProblem('a'.repeat(41), 'reinstall')).not.toBeNull();
  });

  it('accepts 3 to 40 characters in rescue mode', () => {
    expect(passwordLengthProblem('ab', 'rescue')).toBe('The password must be between 3 and 40 characters.');
    expect(passwordLengthProblem('abc', 'rescue')).toBeNull();
  });
});

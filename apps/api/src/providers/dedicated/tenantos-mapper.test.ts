import { describe, expect, it } from 'vitest';
import { toDedicatedServer, toRebuildStatus } from './tenantos-mapper.ts';
import { tenantosInstallStatusSchema, tenantosServerSchema } from './tenantos-schemas.ts';

const rebuildStatusOf = (answer: unknown) => toRebuildStatus(tenantosInstallStatusSchema.parse(answer));

describe('Tenantos install status', () => {
  it('reads the documented fields alone, as the API reference shows them', () => {
    expect(
      rebuildStatusOf({ installProgress: [], completed: 0, canCancelInstallation: 1, running: 1, step: 1 }),
    ).toEqual({ active: true, percent: 0, message: '', update_time: null, cancellable: true });
    expect(
      rebuildStatusOf({ installProgress: [], completed: 1, canCancelInstallation: 0, running: 0, step: 6 }),
    ).toMatchObject({ active: false, percent: 100, cancellable: false });
  });

  it('takes the message and percent of the last step reached when no details come with it', () => {
    const status = rebuildStatusOf({
      running: 1,
      completed: 0,
      canCancelInstallation: 0,
      step: 2,
      installProgress: [
        { step: 1, message: 'Rebooting', percent: 5 },
        { step: 2, message: 'Partitioning disks', percent: 12 },
      ],
    });
    expect(status).toMatchObject({
      active: true,
      percent: 12,
      message: 'Partitioning disks',
      cancellable: false,
    });
  });

  it('prefers the progress details when the answer has them', () => {
    const status = rebuildStatusOf({
      running: 1,
      canCancelInstallation: 1,
      installProgress: [{ step: 1, message: 'Rebooting', percent: 5 }],
      active: true,
      percent: 3,
      message: 'Rebooting the server into the installer',
      update_time: 1767225600.4,
    });
    expect(status).toEqual({
      active: true,
      percent: 3,
      message: 'Rebooting the server into the installer',
      update_time: 1767225600,
      cancellable: true,
    });
  });
});

describe('Tenantos hardware', () => {
  const serverWith = (detailedHardwareInformation: object) =>
    toDedicatedServer(
      tenantosServerSchema.parse({
        id: 61,
        servername: 's',
        hostname: 'h',
        primaryip: '',
        detailedHardwareInformation,
      }),
    ).detailedHardwareInformation;

  it('reads disk sizes in the MB of the API reference as the GB disks are sold in', () => {
    const hardware = serverWith({
      memory: { model: 'CMW32GX4M2C3200C16', value: 65536, count: 4, valueType: 'mb' },
      disk: {
        model: 'multiple',
        value: 1430802,
        count: 2,
        valueType: 'mb',
        details: [
          { model: 'Samsung SSD 860 EVO 500GB', size: '476940' },
          { model: 'WDS100T3X0C-00SJG0', size: '953869' },
        ],
      },
    });
    expect(hardware.memory.value).toBe(65536);
    expect(hardware.disk.map((disk) => disk.size)).toEqual([500, 1000]);
  });

  it('keeps GB and converts TB when the inventory gives them', () => {
    const disk = (valueType: string) =>
      serverWith({ disk: { valueType, details: [{ size: 2, type: 'HDD' }] } }).disk[0];
    expect(disk('GB')).toEqual({ size: 2, type: 'HDD' });
    expect(disk('tb')).toEqual({ size: 2000, type: 'HDD' });
  });
});

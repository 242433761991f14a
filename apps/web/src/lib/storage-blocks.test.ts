import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { formatBlockSize, StorageToast, storageFailureMessage } from './storage-blocks.ts';

describe('storageFailureMessage', () => {
  it("tells a refusal of the server in the server's words", () => {
    const error = new ApiError(409, { message: 'Disk is suspended', error: 'service_not_manageable' });
    expect(storageFailureMessage(error, StorageToast.detachFailed)).toBe('Disk is suspended');
    const mismatch = new ApiError(422, { message: 'Disk and VPS are not in the same location' });
    expect(storageFailureMessage(mismatch, StorageToast.attachFailed)).toBe(
      'Disk and VPS are not in the same location',
    );
  });

  it('gives the generic text for server faults, empty refusals and anything else', () => {
    expect(
      storageFailureMessage(new ApiError(502, { message: 'Upstream down.' }), 'Disk Attach Failed'),
    ).toBe('Disk Attach Failed');
    expect(storageFailureMessage(new ApiError(409, {}), 'Disk Detach Failed')).toBe('Disk Detach Failed');
    expect(
      storageFailureMessage(new ApiError(401, { message: 'Unauthenticated.' }), 'Disk Detach Failed'),
    ).toBe('Disk Detach Failed');
    expect(storageFailureMessage(new TypeError('Failed to fetch'), 'Disk Attach Failed')).toBe(
      'Disk Attach Failed',
    );
  });
});

describe('formatBlockSize', () => {
  it.each([
    [250 * 1024 ** 3, '250 GB'],
    [500 * 1024 ** 3, '500 GB'],
    [1.5 * 1024 ** 3, '1.5 GB'],
    [1024 * 1024 ** 3, '1 TB'],
    [1536 * 1024 ** 3, '1.5 TB'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatBlockSize(bytes)).toBe(text);
  });
});

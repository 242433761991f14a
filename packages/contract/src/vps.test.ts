import { describe, expect, it } from 'vitest';
import { isVpsLocked, vpsBootBodySchema, vpsStatsParamsSchema } from './vps.ts';

describe('isVpsLocked', () => {
  it('counts a lock only when its text is longer than 2 characters', () => {
    expect(isVpsLocked('')).toBe(false);
    expect(isVpsLocked('0')).toBe(false);
    expect(isVpsLocked('no')).toBe(false);
    expect(isVpsLocked('yes')).toBe(true);
    expect(isVpsLocked('Reinstalling OS')).toBe(true);
  });
});

describe('request shapes', () => {
  it('takes only the two boot orders', () => {
    expect(vpsBootBodySchema.safeParse({ order: 'cda' }).success).toBe(true);
    expect(vpsBootBodySchema.safeParse({ order: 'dca' }).success).toBe(true);
    const refused = vpsBootBodySchema.safeParse({ order: 'abc' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('The boot order must be cda or dca.');
  });

  it('takes a stats month as YYYYMM with a real month', () => {
    expect(vpsStatsParamsSchema.safeParse({ id: '5', month: '202501' }).success).toBe(true);
    expect(vpsStatsParamsSchema.safeParse({ id: '5', month: '202513' }).success).toBe(false);
    expect(vpsStatsParamsSchema.safeParse({ id: '5', month: '2025-01' }).success).toBe(false);
  });
});

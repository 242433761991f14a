import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo.ts';

describe('boundedMemo', () => {
  it('computes each input once while it is remembered', () => {
    const calls: string[] = [];
    const upper = boundedMemo((key) => {
      calls.push(key);
      return key.toUpperCase();
    }, 10);
    expect([upper('a'), upper('b'), upper('a'), upper('b')]).toEqual(['A', 'B', 'A', 'B']);
    expect(calls).toEqual(['a', 'b']);
  });

  it('forgets the oldest input beyond its capacity, and still answers it', () => {
    const calls: string[] = [];
    const length = boundedMemo((key) => {
      calls.push(key);
      return key.length;
    }, 2);
    length('a');
    length('bb');
    length('ccc');
    expect(length('a')).toBe(1);
    expect(length('ccc')).toBe(3);
    expect(calls).toEqual(['a', 'bb', 'ccc', 'a']);
  });

  it('remembers an empty result too', () => {
    let calls = 0;
    const empty = boundedMemo(() => {
      calls += 1;
      return '';
    }, 2);
    empty('x');
    empty('x');
    expect(calls).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { generatePassword, PASSWORD_SYMBOLS, type RandomInt } from './root-password.ts';

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;
const symbolPattern = new RegExp(`[${PASSWORD_SYMBOLS.replace(/[-\]\\^]/g, '\\$&')}]`, 'g');

describe('generatePassword', () => {
  const samples = Array.from({ length: 500 }, () => generatePassword());

  it('is 1 leading letter plus 3 to 4 characters of each of the four classes (13 to 17 long)', () => {
    for (const password of samples) {
      expect(password).toMatch(/^[A-Za-z]/);
      const body = password.slice(1);
      for (const pattern of [/[A-Z]/g, /[a-z]/g, /[0-9]/g, symbolPattern]) {
        expect(count(body, pattern)).toBeGreaterThanOrEqual(3);
        expect(count(body, pattern)).toBeLessThanOrEqual(4);
      }
      expect(password.length).toBeGreaterThanOrEqual(13);
      expect(password.length).toBeLessThanOrEqual(17);
    }
  });

  it('uses only letters, digits and the symbols !@#$^*_-+=?', () => {
    expect(PASSWORD_SYMBOLS).toBe('!@#$^*_-+=?');
    for (const password of samples) expect(password).toMatch(/^[A-Za-z0-9!@#$^*_\-+=?]+$/);
  });

  it('fits the reinstall password rule of 2 to 40 characters', () => {
    for (const password of samples) expect(password.length).toBeLessThanOrEqual(40);
  });

  it('shuffles the classes and differs from one call to the next', () => {
    expect(new Set(samples).size).toBe(samples.length);
    // Not always upper, then lower, then digits, then symbols.
    expect(samples.some((p) => !/^.[A-Z]{3,4}[a-z]{3,4}/.test(p))).toBe(true);
  });

  it('draws every choice from the random source it is given', () => {
    const first: RandomInt = () => 0;
    // Three of each class (the first character of each), shuffled by always swapping with the
    // first place, after a leading 'A'.
    expect(generatePassword(first)).toBe('AAAaaa000!!!A');
  });
});

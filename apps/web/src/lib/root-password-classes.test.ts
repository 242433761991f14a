import { describe, expect, it } from 'vitest';
import { generatePassword as generateRootPassword } from './root-password.ts';

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

describe('generateRootPassword', () => {
  it('starts with a letter and holds 3 to 4 characters of every class', () => {
    for (let i = 0; i < 200; i += 1) {
      const password = generateRootPassword();
      expect(password).toMatch(/^[A-Za-z]/);
      const body = password.slice(1);
      for (const pattern of [/[A-Z]/g, /[a-z]/g, /\d/g, /[!@#$^*_\-+=?]/g]) {
        expect(count(body, pattern)).toBeGreaterThanOrEqual(3);
        expect(count(body, pattern)).toBeLessThanOrEqual(4);
      }
      expect(body).toMatch(/^[A-Za-z\d!@#$^*_\-+=?]+$/);
      expect(password.length).toBeGreaterThanOrEqual(13);
      expect(password.length).toBeLessThanOrEqual(17);
    }
  });

  it('is within the 2 to 40 characters the reinstall accepts', () => {
    expect(generateRootPassword().length).toBeLessThanOrEqual(40);
  });

  it('draws from the source it is given', () => {
    const fixed = generateRootPassword(() => 0);
    expect(fixed).toBe(generateRootPassword(() => 0));
    expect(fixed.startsWith('A')).toBe(true);
    expect([...fixed.slice(1)].sort().join('')).toBe('!!!000AAAaaa');
  });
});

import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

const secret = 'test-secret-test-secret-test-secret-0123';

describe('SecretBox', () => {
  it('opens what it sealed, and never shows the plaintext in the sealed form', () => {
    const box = new SecretBox(secret);
    const sealed = box.seal('Root-Pässword 42!');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('Root');
    expect(box.open(sealed)).toBe('Root-Pässword 42!');
  });

  it('seals the same text differently each time', () => {
    const box = new SecretBox(secret);
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a value sealed under another APP_SECRET, altered, or not sealed at all', () => {
    const sealed = new SecretBox(secret).seal('hunter22');
    expect(() => new SecretBox(`${secret}-other`).open(sealed)).toThrow();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      new SecretBox(secret).open([version, iv, tag, flipped.toString('base64url')].join('.')),
    ).toThrow();
    expect(() => new SecretBox(secret).open('hunter22')).toThrow('Not a sealed secret');
  });
});

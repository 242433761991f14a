import { describe, expect, it } from 'vitest';
import { parseApiName, reverseNameOf, zoneIdOf, zoneNameOfId } from './dns-names.ts';
import { PowerDnsError } from './replies.ts';

describe('PowerDNS names', () => {
  it('names the PTR owner of an IPv4 address under in-addr.arpa', () => {
    expect(reverseNameOf('198.51.100.20')).toBe('20.100.51.198.in-addr.arpa.');
  });

  it('names the PTR owner of an IPv6 address by its 32 nibbles under ip6.arpa', () => {
    expect(reverseNameOf('2001:db8:400::30')).toBe(
      '0.3.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.4.0.8.b.d.0.1.0.0.2.ip6.arpa.',
    );
    // 198.51.100.1 is c633:6401 in the last two groups.
    expect(reverseNameOf('::ffff:198.51.100.1')).toBe(`1.0.4.6.3.3.6.c.f.f.f.f.${'0.'.repeat(20)}ip6.arpa.`);
  });

  it('escapes characters outside letters, digits, dots and hyphens in zone ids, and reads them back', () => {
    const classless = '0/25.100.51.198.in-addr.arpa.';
    expect(zoneIdOf(classless)).toBe('0=2F25.100.51.198.in-addr.arpa.');
    expect(zoneNameOfId(zoneIdOf(classless))).toBe(classless);
    expect(zoneNameOfId('100.51.198.in-addr.arpa')).toBe('100.51.198.in-addr.arpa.');
  });

  it('refuses names that are relative, badly formed or of unsupported characters with a 422', () => {
    for (const name of [
      'host.example.com',
      'a..example.com.',
      'bad name.example.com.',
      `${'a'.repeat(64)}.com.`,
    ]) {
      expect(() => parseApiName(name)).toThrow(PowerDnsError);
    }
    expect(() => parseApiName('host.example.com')).toThrow("DNS Name 'host.example.com' is not canonical");
  });
});

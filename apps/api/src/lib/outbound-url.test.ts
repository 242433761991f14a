import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import {
  assertOutboundUrl,
  checkOutboundUrl,
  type HostResolver,
  isNonPublicAddress,
  OutboundUrlText,
  outboundUrlRefusal,
} from './outbound-url.ts';

/** A resolver that knows a few names, as DNS would answer them. */
const dns: Record<string, string[]> = {
  'mirror.example.org': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'rebind.example.org': ['93.184.215.14', '10.0.0.5'],
  'inside.example.org': ['192.168.1.20'],
  'metadata.example.org': ['169.254.169.254'],
  'v6-loopback.example.org': ['::1'],
  'v4-mapped.example.org': ['::ffff:93.184.215.14'],
};
const resolve: HostResolver = async (hostname) => {
  const addresses = dns[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses;
};
const check = (url: string) => outboundUrlRefusal(url, { resolve });

describe('outboundUrlRefusal', () => {
  it('lets public http and https URLs through, by address or by a name that resolves to public ones', async () => {
    expect(await check('https://mirror.example.org/isos/debian-12.iso')).toBeNull();
    expect(await check('http://mirror.example.org:8080/debian.iso?mirror=1')).toBeNull();
    expect(await check('http://93.184.215.14/debian.iso')).toBeNull();
    expect(await check('https://[2606:4700:4700::1111]/debian.iso')).toBeNull();
  });

  it('refuses what is not a URL, and schemes other than http and https', async () => {
    expect(await check('not a url')).toBe(OutboundUrlText.invalid);
    expect(await check('')).toBe(OutboundUrlText.invalid);
    for (const url of [
      'ftp://mirror.example.org/a.iso',
      'file:///etc/passwd',
      'gopher://mirror.example.org/',
      'javascript:alert(1)',
      'data:text/plain,hi',
    ]) {
      expect(await check(url), url).toBe(OutboundUrlText.scheme);
    }
  });

  it('refuses private, loopback, link-local and metadata addresses written in the URL', async () => {
    for (const url of [
      'http://127.0.0.1/a.iso',
      'http://127.1/a.iso',
      'http://2130706433/a.iso',
      'http://0x7f000001/a.iso',
      'http://0/a.iso',
      'http://10.1.2.3/a.iso',
      'http://172.20.0.1/a.iso',
      'http://192.168.0.10/a.iso',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.100.100.200/latest/meta-data/',
      'http://[::1]/a.iso',
      'http://[::]/a.iso',
      'http://[fe80::1]/a.iso',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/a.iso',
      'http://[::ffff:a9fe:a9fe]/a.iso',
      'http://[64:ff9b::a00:1]/a.iso',
      'http://[2002:c0a8:0101::1]/a.iso',
      'http://224.0.0.1/a.iso',
      'http://255.255.255.255/a.iso',
    ]) {
      expect(await check(url), url).toBe(OutboundUrlText.privateAddress);
    }
  });

  it('refuses IPv6 addresses outside the global unicast space, whatever they embed', async () => {
    for (const url of [
      // IPv4-translated (::ffff:0:0:0/96) and the rest of ::/8, IPv4-compatible included.
      'http://[::ffff:0:a9fe:a9fe]/latest/meta-data/',
      'http://[::ffff:0:5db8:d70e]/a.iso',
      'http://[::a9fe:a9fe]/a.iso',
      'http://[::1234:5678]/a.iso',
      'http://[::ffff:93.184.215.14]/a.iso',
      'http://[2001::1]/a.iso',
      'http://[2001:db8::1]/a.iso',
      'http://[3fff::1]/a.iso',
      'http://[100::1]/a.iso',
      'http://[4000::1]/a.iso',
      'http://[5f00::1]/a.iso',
    ]) {
      expect(await check(url), url).toBe(OutboundUrlText.privateAddress);
    }
  });

  it('refuses backslashes, whitespace and control characters anywhere, which other parsers read differently', async () => {
    for (const url of [
      'http://93.184.215.14\\@169.254.169.254/latest/meta-data/',
      'http://93.184.215.14\\/a.iso',
      'http://93.184.215.14/a.iso\r\nX-Injected: 1',
      'http://93.184.215.14/a\n.iso',
      'http://93.184.215.14/a\t.iso',
      'http://93.184.215.14/a b.iso',
      ' http://93.184.215.14/a.iso',
      'http://93.184.215.14/a.iso ',
      'http://93.184.215.14/a\u0000.iso',
      'http://93.184.215.14/a\u007f.iso',
      'http://93.184.215.14/a\u0085.iso',
      'http://93.184.215.14/a\u00a0.iso',
      'http://93.184.215.14/a\u2028.iso',
    ]) {
      expect(await check(url), JSON.stringify(url)).toBe(OutboundUrlText.characters);
    }
  });

  it('refuses a user name or password in the URL', async () => {
    for (const url of [
      'http://93.184.215.14@169.254.169.254/latest/meta-data/',
      'http://user:secret@mirror.example.org/a.iso',
      'https://user@mirror.example.org/a.iso',
    ]) {
      expect(await check(url), url).toBe(OutboundUrlText.credentials);
    }
  });

  it('hands on the normalised URL only, without its fragment', async () => {
    expect(
      await checkOutboundUrl('HTTP://Mirror.Example.ORG:80/isos/../debian-12.iso#top', { resolve }),
    ).toEqual({
      href: 'http://mirror.example.org/debian-12.iso',
    });
    expect(await checkOutboundUrl('https://mirror.example.org/ä.iso?q="x"', { resolve })).toEqual({
      href: 'https://mirror.example.org/%C3%A4.iso?q=%22x%22',
    });
    expect(await checkOutboundUrl('http://[2606:4700:4700:0::1111]:8080/a.iso', { resolve })).toEqual({
      href: 'http://[2606:4700:4700::1111]:8080/a.iso',
    });
  });

  it('refuses localhost-like and internal names without asking the resolver', async () => {
    const asked: string[] = [];
    const spy: HostResolver = async (hostname) => {
      asked.push(hostname);
      return ['93.184.215.14'];
    };
    for (const url of [
      'http://localhost/a.iso',
      'http://LOCALHOST./a.iso',
      'http://api.localhost/a.iso',
      'http://localhost.localdomain/a.iso',
      'http://ip6-localhost/a.iso',
      'http://printer.local/a.iso',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://metadata/a.iso',
      'http://intranet/a.iso',
      'http://nas.home.arpa/a.iso',
    ]) {
      expect(await outboundUrlRefusal(url, { resolve: spy }), url).toBe(OutboundUrlText.localName);
    }
    expect(asked).toEqual([]);
  });

  it('refuses a name when any address it resolves to is not public', async () => {
    expect(await check('http://inside.example.org/a.iso')).toBe(OutboundUrlText.privateAddress);
    expect(await check('http://rebind.example.org/a.iso')).toBe(OutboundUrlText.privateAddress);
    expect(await check('http://metadata.example.org/a.iso')).toBe(OutboundUrlText.privateAddress);
    expect(await check('http://v6-loopback.example.org/a.iso')).toBe(OutboundUrlText.privateAddress);
    expect(await check('http://v4-mapped.example.org/a.iso')).toBe(OutboundUrlText.privateAddress);
  });

  it('refuses a name that does not resolve, or not in time', async () => {
    expect(await check('http://nowhere.example.org/a.iso')).toBe(OutboundUrlText.unresolvable);
    const never: HostResolver = () => new Promise(() => {});
    expect(
      await outboundUrlRefusal('http://slow.example.org/a.iso', { resolve: never, resolveTimeoutMs: 20 }),
    ).toBe(OutboundUrlText.unresolvable);
  });
});

describe('isNonPublicAddress', () => {
  it('tells public addresses from the rest', () => {
    expect(isNonPublicAddress('8.8.8.8')).toBe(false);
    expect(isNonPublicAddress('2a00:1450:4001:82a::200e')).toBe(false);
    // A mapped address is no way to name a download host, even a public one.
    expect(isNonPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isNonPublicAddress('172.15.255.255')).toBe(false);
    expect(isNonPublicAddress('172.16.0.0')).toBe(true);
    expect(isNonPublicAddress('203.0.113.5')).toBe(true);
    expect(isNonPublicAddress('not-an-address')).toBe(true);
  });
});

describe('assertOutboundUrl', () => {
  it('answers a refusal as a 422 on the given field', async () => {
    const error = await assertOutboundUrl('http://10.0.0.1/a.iso', 'url', { resolve }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(422);
    expect((error as AppError).body.errors).toEqual({ url: [OutboundUrlText.privateAddress] });
    await expect(assertOutboundUrl('https://mirror.example.org/a.iso#x', 'url', { resolve })).resolves.toBe(
      'https://mirror.example.org/a.iso',
    );
  });
});

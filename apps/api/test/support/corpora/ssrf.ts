/**
 * Addresses a customer could give for the provider's side to fetch, aimed at what it must never
 * reach (issue 19 §5): this machine, the cloud metadata service, private networks, local names,
 * other schemes, and the tricks that make two URL parsers disagree on the host. The loopback ones
 * point at `port`, where the tests listen and count connections; `simulatorUrl` is the datacenter
 * simulator, an internal service like any other (and a redirector: its payment pages send the
 * browser on to a return address).
 */

export interface SsrfTargets {
  /** A port on loopback (127.0.0.1, and ::1 where there is IPv6) that counts connections. */
  port: number;
  /** The simulator's base URL (http://127.0.0.1:PORT). */
  simulatorUrl: string;
}

export interface SsrfCase {
  label: string;
  url: string;
}

/** A public address (TEST-NET aside, a routable one) for the tricks that pair it with an internal one. */
export const PUBLIC_HOST = '93.184.215.14';

export function ssrfCorpus({ port, simulatorUrl }: SsrfTargets): SsrfCase[] {
  const at = (host: string) => `http://${host}:${port}/latest/meta-data/`;
  const cases: [string, string][] = [
    // Loopback, IPv4 in every spelling the WHATWG parser (and inet_aton) reads.
    ['loopback, dotted', at('127.0.0.1')],
    ['loopback, https', `https://127.0.0.1:${port}/a.iso`],
    ['loopback, upper-case scheme', `HTTP://127.0.0.1:${port}/a.iso`],
    ['loopback, another 127/8 address', at('127.254.0.1')],
    ['loopback, short form 127.1', at('127.1')],
    ['loopback, short form 127.0.1', at('127.0.1')],
    ['loopback, decimal', at('2130706433')],
    ['loopback, hexadecimal', at('0x7f000001')],
    ['loopback, hexadecimal parts', at('0x7f.0x0.0x0.0x1')],
    ['loopback, octal', at('017700000001')],
    ['loopback, octal parts', at('0177.0.0.01')],
    ['loopback, zero-padded parts', at('127.000.000.001')],
    ['loopback, mixed hex and short', at('0x7f.1')],
    ['loopback, trailing dot', at('127.0.0.1.')],
    ['loopback, full-width digits', at('１２７.０.０.１')],
    ['loopback, circled digits', at('①②⑦.⓪.⓪.①')],
    ['loopback, percent-encoded host', at('%31%32%37.0.0.1')],
    // Loopback and unspecified, IPv6 and IPv4-in-IPv6.
    ['IPv6 loopback', at('[::1]')],
    ['IPv6 loopback, written out', at('[0:0:0:0:0:0:0:1]')],
    ['IPv4-mapped IPv6 loopback', at('[::ffff:127.0.0.1]')],
    ['IPv4-mapped IPv6 loopback, hex', at('[::ffff:7f00:1]')],
    ['IPv4-compatible IPv6 loopback', at('[::127.0.0.1]')],
    ['NAT64 loopback', at('[64:ff9b::7f00:1]')],
    ['6to4 loopback', at('[2002:7f00:1::]')],
    ['unspecified 0.0.0.0', at('0.0.0.0')],
    ['unspecified 0', at('0')],
    ['unspecified IPv6', at('[::]')],
    // Local names (single labels go through the resolver's search list: internal too).
    ['localhost', at('localhost')],
    ['LOCALHOST with a trailing dot', at('LOCALHOST.')],
    ['localhost.localdomain', at('localhost.localdomain')],
    ['a name under .localhost', at('ssrf.localhost')],
    ['ip6-localhost', at('ip6-localhost')],
    ['a single-label name', at('intranet')],
    ['a .internal name', at('metadata.google.internal')],
    ['a .local name', at('printer.local')],
    // Public-looking names that resolve to loopback (where the resolver can reach them).
    ['a wildcard DNS name for 127.0.0.1', at('127.0.0.1.nip.io')],
    ['a public name pointing at loopback', at('localtest.me')],
    // Cloud metadata.
    ['metadata service', 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
    ['metadata service, decimal', 'http://2852039166/latest/meta-data/'],
    ['metadata service, hexadecimal', 'http://0xa9fea9fe/latest/meta-data/'],
    ['metadata service, octal parts', 'http://0251.0376.0251.0376/latest/meta-data/'],
    ['metadata service, IPv4-mapped IPv6', 'http://[::ffff:169.254.169.254]/latest/meta-data/'],
    ['metadata service, IPv6 of EC2', 'http://[fd00:ec2::254]/latest/meta-data/'],
    ['metadata service, Alibaba', 'http://100.100.100.200/latest/meta-data/'],
    // Private, shared and special ranges.
    ['private 10/8', 'http://10.0.0.1/a.iso'],
    ['private 172.16/12', 'http://172.16.0.1/a.iso'],
    ['private 192.168/16', 'http://192.168.1.1/a.iso'],
    ['carrier-grade NAT 100.64/10', 'http://100.64.0.1/a.iso'],
    ['benchmarking 198.18/15', 'http://198.18.0.1/a.iso'],
    ['IPv6 unique local', 'http://[fc00::1]/a.iso'],
    ['IPv6 link local', 'http://[fe80::1]/a.iso'],
    ['broadcast', 'http://255.255.255.255/a.iso'],
    // Parser confusion: user info, fragments, backslashes, whitespace.
    ['user info hiding loopback', `http://${PUBLIC_HOST}@127.0.0.1:${port}/a.iso`],
    ['user info that looks like the host', `http://127.0.0.1:${port}@${PUBLIC_HOST}/a.iso`],
    ['user and password', `http://user:pass@127.0.0.1:${port}/a.iso`],
    ['an encoded @ in the user info', `http://${PUBLIC_HOST}%40@127.0.0.1:${port}/a.iso`],
    ['a fragment before an @', `http://127.0.0.1:${port}#@${PUBLIC_HOST}/a.iso`],
    ['a backslash before an @', `http://${PUBLIC_HOST}\\@127.0.0.1:${port}/a.iso`],
    ['a backslash as the first slash', `http:\\\\127.0.0.1:${port}/a.iso`],
    ['no slashes after the scheme', `http:127.0.0.1:${port}/a.iso`],
    ['a tab inside the host', `http://127.0.0.1\t:${port}/a.iso`],
    ['a header injected after a line break', `http://${PUBLIC_HOST}/a.iso\r\nHost: 127.0.0.1:${port}`],
    // Other schemes.
    ['file', 'file:///etc/passwd'],
    ['file with a host', 'file://localhost/etc/passwd'],
    ['gopher to loopback', `gopher://127.0.0.1:${port}/_GET%20/%20HTTP/1.0%0d%0a`],
    ['ftp to loopback', `ftp://127.0.0.1:${port}/a.iso`],
    ['dict to loopback', `dict://127.0.0.1:${port}/info`],
    ['ldap to loopback', `ldap://127.0.0.1:${port}/dc=example`],
    ['tftp to loopback', `tftp://127.0.0.1:${port}/a.iso`],
    ['websocket to loopback', `ws://127.0.0.1:${port}/`],
    ['jar', `jar:http://127.0.0.1:${port}/a.jar!/`],
    ['data', 'data:text/plain;base64,SGVsbG8='],
    ['javascript', 'javascript:alert(1)'],
    ['scheme-relative', `//127.0.0.1:${port}/a.iso`],
    // Internal services and redirectors.
    ['the datacenter simulator', `${simulatorUrl}/_control/clock`],
    ['a redirect through the simulator', `${simulatorUrl}/pay/00000000-0000-0000-0000-000000000000/pay`],
    ['the panel itself', 'http://localhost:8080/api/health'],
  ];
  return cases.map(([label, url]) => ({ label, url }));
}

/** One run of consecutive addresses (a single address when first === last). */
export interface IpRange {
  first: string;
  last: string;
  count: number;
}

type Parsed = { family: 4 | 6; value: bigint; text: string };

function parseIpv4(ip: string): bigint | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255))
    return null;
  return parts.reduce((sum, part) => (sum << 8n) + BigInt(part), 0n);
}

function parseIpv6(ip: string): bigint | null {
  const halves = ip.toLowerCase().split('::');
  if (halves.length > 2) return null;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.reduce((sum, group) => (sum << 16n) + BigInt(Number.parseInt(group, 16)), 0n);
}

function parse(ip: string): Parsed | null {
  const v4 = parseIpv4(ip);
  if (v4 !== null) return { family: 4, value: v4, text: ip };
  const v6 = parseIpv6(ip);
  return v6 === null ? null : { family: 6, value: v6, text: ip };
}

/**
 * Groups addresses into runs of consecutive ones (servers spec §2: "assigned IPs with
 * consecutive ones grouped into ranges"), IPv4 before IPv6, in address order. Duplicates count
 * once; text that is no address stays as a range of its own, last.
 */
export function groupConsecutiveIps(ips: readonly string[]): IpRange[] {
  const parsed: Parsed[] = [];
  const unparsed: string[] = [];
  const seen = new Set<string>();
  for (const ip of ips) {
    const address = parse(ip.trim());
    if (!address) {
      unparsed.push(ip);
      continue;
    }
    const key = `${address.family}:${address.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    parsed.push(address);
  }
  parsed.sort((a, b) => a.family - b.family || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));

  const ranges: { first: Parsed; last: Parsed; count: number }[] = [];
  for (const address of parsed) {
    const current = ranges.at(-1);
    if (current && current.last.family === address.family && address.value === current.last.value + 1n) {
      current.last = address;
      current.count += 1;
    } else {
      ranges.push({ first: address, last: address, count: 1 });
    }
  }
  return [
    ...ranges.map(({ first, last, count }) => ({ first: first.text, last: last.text, count })),
    ...unparsed.map((text) => ({ first: text, last: text, count: 1 })),
  ];
}

export const formatIpRange = (range: IpRange) =>
  range.count === 1 ? range.first : `${range.first} - ${range.last}`;

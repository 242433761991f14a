import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wildcardMatch } from './search.ts';
import { type PowerDnsKit, startSimulator, ZONES } from './test-kit.ts';

const ZONE = '100.51.198.in-addr.arpa.';
const SEARCH = '/servers/localhost/search-data';

describe('PowerDNS wildcard match', () => {
  it('matches the whole text without regard to case, * for a run and ? for one character', () => {
    const match = wildcardMatch('vps2?.EXAMPLE.*');
    expect(match('vps20.example.net')).toBe(true);
    expect(match('vps2.example.net')).toBe(false);
    expect(match('xvps20.example.net')).toBe(false);
    expect(wildcardMatch('a.b')('axb')).toBe(false);
    expect(wildcardMatch('(x)+')('(x)+')).toBe(true);
  });
});

describe('simulated PowerDNS search (search-data)', () => {
  let sim: PowerDnsKit;
  beforeEach(async () => {
    sim = await startSimulator();
    await sim.setPtr(ZONE, `20.${ZONE}`, 'vps20.example.net.');
    await sim.setPtr(ZONE, `21.${ZONE}`, 'vps21.example.net.');
    await sim.api('PATCH', `${ZONES}/${ZONE}`, {
      rrsets: [
        { name: `21.${ZONE}`, type: 'PTR', changetype: 'REPLACE', comments: [{ content: 'customer 4711' }] },
      ],
    });
  });
  afterEach(() => sim.close());

  const search = (query: string) => sim.api('GET', `${SEARCH}?${query}`);

  it('finds a zone by its name without the trailing dot, with its records named there', async () => {
    const { status, body, headers } = await search('q=100.51.198.in-addr.arpa&max=10');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('application/json');
    expect(body[0]).toEqual({ object_type: 'zone', zone_id: ZONE, name: ZONE });
    expect(body.slice(1).map((found: { type: string }) => found.type)).toEqual(['NS', 'NS', 'SOA']);
    expect(body[1]).toEqual({
      object_type: 'record',
      name: ZONE,
      type: 'NS',
      ttl: 3600,
      disabled: false,
      content: 'ns1.rackdesk.example.',
      zone_id: ZONE,
      zone: ZONE,
    });
  });

  it('matches record content and names with wildcards', async () => {
    const byContent = (await search('q=vps2?.example.net&max=10&object_type=record')).body;
    expect(byContent.map((found: { name: string }) => found.name)).toEqual([`20.${ZONE}`, `21.${ZONE}`]);
    const byName = (await search(`q=21.100.*&max=10`)).body;
    expect(byName).toEqual([
      expect.objectContaining({ object_type: 'record', name: `21.${ZONE}`, content: 'vps21.example.net.' }),
      {
        object_type: 'comment',
        name: `21.${ZONE}`,
        type: 'PTR',
        content: 'customer 4711',
        zone_id: ZONE,
        zone: ZONE,
      },
    ]);
  });

  it('narrows by object type and stops at max for each kind', async () => {
    const comments = (await search('q=customer*&max=10&object_type=comment')).body;
    expect(comments).toEqual([expect.objectContaining({ object_type: 'comment', content: 'customer 4711' })]);
    const zones = (await search('q=*.arpa&max=2&object_type=zone')).body;
    expect(zones).toHaveLength(2);
    expect(zones.every((found: { object_type: string }) => found.object_type === 'zone')).toBe(true);
    expect(
      (await search('q=*&max=1')).body.map((found: { object_type: string }) => found.object_type),
    ).toEqual(['zone', 'record', 'comment']);
    expect((await search('q=*')).body.length).toBeGreaterThan(10);
  });

  it('refuses a missing query, a bad max or object type with 422 and its words', async () => {
    const cases: [string, string][] = [
      ['max=10', "Query q can't be blank"],
      ['q=x&max=ten', 'Invalid value for maximum entries'],
      ['q=x&max=0', 'Maximum entries must be larger than 0'],
      [
        'q=x&object_type=rrset',
        'object_type must be one of the following options: all, zone, record, comment',
      ],
    ];
    for (const [query, error] of cases) {
      expect(await search(query), query).toMatchObject({ status: 422, body: { error } });
    }
    expect((await sim.api('GET', '/servers/ns9/search-data?q=x')).status).toBe(404);
  });
});

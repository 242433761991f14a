import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PowerDnsKit, startSimulator, ZONES } from './test-kit.ts';

const ZONE = '0.0.10.in-addr.arpa.';

describe('simulated PowerDNS zone creation (POST zones)', () => {
  let sim: PowerDnsKit;
  beforeEach(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.close());

  const create = (body: object, query = '') => sim.api('POST', `${ZONES}${query}`, body);
  const typesOf = (rrsets: { type: string }[]) => rrsets.map((rrset) => rrset.type);

  it('creates a zone with its nameservers and a SOA, answering 201 with the zone and bare JSON', async () => {
    const { status, body, headers } = await create({
      name: ZONE,
      kind: 'Native',
      nameservers: ['ns1.example.net.', 'ns2.example.net.'],
      account: 'customer-7',
    });
    expect(status).toBe(201);
    expect(headers['content-type']).toBe('application/json');
    expect(body).toMatchObject({
      id: ZONE,
      name: ZONE,
      kind: 'Native',
      account: 'customer-7',
      notified_serial: 0,
    });
    expect(body.rrsets).toEqual([
      {
        name: ZONE,
        type: 'NS',
        ttl: 3600,
        records: [
          { content: 'ns1.example.net.', disabled: false },
          { content: 'ns2.example.net.', disabled: false },
        ],
        comments: [],
      },
      expect.objectContaining({ name: ZONE, type: 'SOA' }),
    ]);
    // SOA-EDIT-API DEFAULT gives the new zone today's serial, in the SOA record too.
    expect(body.rrsets[1].records[0].content).toContain(` ${body.serial} `);
    expect(String(body.serial)).toMatch(/^\d{8}01$/);
    expect((await sim.api('GET', `${ZONES}?zone=${ZONE}`)).body).toHaveLength(1);
  });

  it('takes rrsets with comments, reads the kind loosely, and leaves rrsets out when asked', async () => {
    const { status, body } = await create(
      {
        name: ZONE,
        kind: 'primary',
        rrsets: [
          {
            name: `5.${ZONE}`,
            type: 'ptr',
            ttl: 600,
            records: [{ content: 'five.example.net.' }],
            comments: [{ content: 'web server', account: 'ops' }],
          },
          { name: ZONE, type: 'NS', ttl: 3600, records: [{ content: 'ns.example.net.' }] },
        ],
      },
      '?rrsets=false',
    );
    expect(status).toBe(201);
    expect(body.kind).toBe('Master');
    expect(body).not.toHaveProperty('rrsets');
    const zone = (await sim.api('GET', `${ZONES}/${ZONE}`)).body;
    expect(typesOf(zone.rrsets)).toEqual(['NS', 'SOA', 'PTR']);
    expect(zone.rrsets[2]).toMatchObject({
      ttl: 600,
      records: [{ content: 'five.example.net.', disabled: false }],
      comments: [{ content: 'web server', account: 'ops', modified_at: expect.any(Number) }],
    });
    // A Master zone notifies its secondaries of its first serial.
    await sim.advance(10_000);
    const listed = (await sim.api('GET', `${ZONES}?zone=${ZONE}`)).body[0];
    expect(listed.notified_serial).toBe(listed.serial);
  });

  it('answers 409 for a zone that exists, and leaves it as it was', async () => {
    const taken = await create({ name: '100.51.198.in-addr.arpa.', kind: 'Native' });
    expect(taken).toMatchObject({ status: 409, body: { error: 'Conflict' } });
    expect((await sim.api('GET', `${ZONES}/100.51.198.in-addr.arpa.`)).body.kind).toBe('Master');
  });

  it('refuses what PowerDNS refuses with 422 and its words, creating nothing', async () => {
    const cases: [object, string][] = [
      [{ kind: 'Native' }, "Key 'name' not present or not a String"],
      [{ name: '0.0.10.in-addr.arpa', kind: 'Native' }, "DNS Name '0.0.10.in-addr.arpa' is not canonical"],
      [{ name: ZONE }, "Key 'kind' not present or not a String"],
      [{ name: ZONE, kind: 'Native', nameservers: 'ns1.example.net.' }, 'Nameservers is not a list'],
      [{ name: ZONE, kind: 'Native', nameservers: [''] }, 'Nameservers must be non-empty strings'],
      [
        { name: ZONE, kind: 'Native', nameservers: ['ns1.example.net'] },
        "Nameserver is not canonical: 'ns1.example.net'",
      ],
      [
        {
          name: ZONE,
          kind: 'Native',
          nameservers: ['ns1.example.net.'],
          rrsets: [{ name: ZONE, type: 'NS', ttl: 60, records: [{ content: 'ns2.example.net.' }] }],
        },
        'Nameservers list MUST NOT be mixed with zone-level NS in rrsets',
      ],
      [
        {
          name: ZONE,
          kind: 'Native',
          rrsets: [{ name: '1.1.10.in-addr.arpa.', type: 'PTR', ttl: 60, records: [] }],
        },
        'RRset 1.1.10.in-addr.arpa. IN PTR: Name is out of zone',
      ],
      [
        {
          name: ZONE,
          kind: 'Native',
          rrsets: [{ name: `5.${ZONE}`, type: 'PTR', records: [{ content: 'x.example.' }] }],
        },
        "New RRsets are invalid: Key 'ttl' not an Integer or not present",
      ],
      [
        {
          name: ZONE,
          kind: 'Native',
          rrsets: [
            {
              name: `5.${ZONE}`,
              type: 'PTR',
              ttl: 60,
              records: [{ content: 'a.example.' }, { content: 'A.example.' }],
            },
          ],
        },
        `Duplicate record in RRset 5.${ZONE} IN PTR with content "A.example."`,
      ],
      [
        { name: ZONE, kind: 'Native', rrsets: [], zone: '@ 3600 IN NS ns.example.' },
        'You cannot give rrsets AND zone data as text',
      ],
      [{ name: ZONE, kind: 'Slave', masters: ['192.0.2.1'] }, "Zones of kind 'Slave' are not simulated"],
    ];
    for (const [body, error] of cases) {
      const answer = await create(body);
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 422, body: { error } });
    }
    expect((await sim.api('GET', `${ZONES}?zone=${ZONE}`)).body).toEqual([]);
    expect((await sim.api('POST', ZONES, [ZONE])).status).toBe(400);
    expect((await sim.api('POST', '/servers/ns9/zones', { name: ZONE, kind: 'Native' })).status).toBe(404);
  });
});

describe('simulated PowerDNS zone export, settings and removal', () => {
  let sim: PowerDnsKit;
  beforeEach(async () => {
    sim = await startSimulator();
    await sim.api('POST', ZONES, {
      name: ZONE,
      kind: 'Master',
      nameservers: ['ns1.example.net.'],
      rrsets: [
        {
          name: `5.${ZONE}`,
          type: 'PTR',
          ttl: 600,
          records: [
            { content: 'five.example.net.', disabled: false },
            { content: 'hidden.example.net.', disabled: true },
          ],
        },
      ],
    });
  });
  afterEach(() => sim.close());

  it('exports the enabled records in AXFR form as plain text', async () => {
    const { status, body, headers } = await sim.api('GET', `${ZONES}/${ZONE}/export`);
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/plain; charset=us-ascii');
    const serial = (await sim.api('GET', `${ZONES}/${ZONE}`)).body.serial;
    expect(body).toBe(
      [
        `${ZONE}\t3600\tIN\tNS\tns1.example.net.`,
        `${ZONE}\t3600\tIN\tSOA\tns1.rackdesk.example. hostmaster.rackdesk.example. ${serial} 10800 3600 604800 3600`,
        `5.${ZONE}\t600\tIN\tPTR\tfive.example.net.`,
        '',
      ].join('\n'),
    );
  });

  it('wraps the export in JSON for a client that accepts JSON', async () => {
    const text = (await sim.api('GET', `${ZONES}/${ZONE}/export`)).body;
    for (const accept of ['application/json', '*/*']) {
      const answer = await sim.api('GET', `${ZONES}/${ZONE}/export`, undefined, { accept });
      expect(answer.headers['content-type']).toBe('application/json');
      expect(answer.body).toEqual({ zone: text });
    }
    expect((await sim.api('GET', `${ZONES}/9.9.10.in-addr.arpa./export`)).status).toBe(404);
  });

  it('counts the records shown when asked', async () => {
    const { body } = await sim.api('GET', `${ZONES}/${ZONE}?record_count=true&include_disabled=false`);
    expect(body.record_count).toBe(3);
    expect((await sim.api('GET', `${ZONES}/${ZONE}`)).body).not.toHaveProperty('record_count');
  });

  it('changes the kind and the account (PUT), and deletes the zone (DELETE)', async () => {
    const put = await sim.api('PUT', `${ZONES}/${ZONE}`, { kind: 'Native', account: 'moved', serial: 1 });
    expect(put.status).toBe(204);
    expect((await sim.api('GET', `${ZONES}/${ZONE}`)).body).toMatchObject({
      kind: 'Native',
      account: 'moved',
    });
    expect((await sim.api('PUT', `${ZONES}/${ZONE}`, { kind: 'Consumer' })).status).toBe(422);

    expect((await sim.api('DELETE', `${ZONES}/${ZONE}`)).status).toBe(204);
    expect((await sim.api('GET', `${ZONES}/${ZONE}`)).status).toBe(404);
    expect((await sim.api('DELETE', `${ZONES}/${ZONE}`)).body).toEqual({
      error: `Could not find domain '${ZONE}'`,
    });
  });
});

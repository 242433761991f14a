import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_REVERSE_ZONES } from './demo-zones.ts';
import { type PowerDnsKit, startSimulator, ZONES } from './test-kit.ts';

const V4_ZONE = '100.51.198.in-addr.arpa.';

describe('simulated PowerDNS zones', () => {
  let sim: PowerDnsKit;
  beforeEach(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.close());

  it('starts with the reverse zones of the demo networks, listed as PowerDNS lists zones', async () => {
    const { status, body } = await sim.api('GET', ZONES);
    expect(status).toBe(200);
    expect(body.map((zone: { name: string }) => zone.name)).toEqual([...DEMO_REVERSE_ZONES]);
    expect(body[0]).toEqual({
      account: '',
      catalog: '',
      dnssec: false,
      edited_serial: body[0].serial,
      id: V4_ZONE,
      kind: 'Master',
      last_check: 0,
      masters: [],
      name: V4_ZONE,
      notified_serial: body[0].serial,
      serial: expect.any(Number),
      url: `/api/v1${ZONES}/${V4_ZONE}`,
    });
    expect(body[0]).not.toHaveProperty('rrsets');
  });

  it('filters the list by zone name and leaves out the DNSSEC fields when asked', async () => {
    const one = await sim.api('GET', `${ZONES}?zone=113.0.203.in-addr.arpa`);
    expect(one.body.map((zone: { id: string }) => zone.id)).toEqual(['113.0.203.in-addr.arpa.']);
    expect((await sim.api('GET', `${ZONES}?zone=example.com.`)).body).toEqual([]);
    const fast = await sim.api('GET', `${ZONES}?dnssec=false`);
    expect(fast.body[0]).not.toHaveProperty('dnssec');
    expect(fast.body[0]).not.toHaveProperty('edited_serial');
    expect((await sim.api('GET', `${ZONES}?dnssec=maybe`)).status).toBe(422);
  });

  it('shows a zone with its SOA and NS RRsets', async () => {
    const { status, body } = await sim.api('GET', `${ZONES}/${V4_ZONE}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: V4_ZONE, name: V4_ZONE, soa_edit_api: 'DEFAULT' });
    const soa = body.rrsets.find((rrset: { type: string }) => rrset.type === 'SOA');
    expect(soa.records[0].content).toMatch(new RegExp(`^ns1\\.rackdesk\\.example\\. \\S+ ${body.serial} `));
    expect(body.rrsets.find((rrset: { type: string }) => rrset.type === 'NS')).toEqual({
      name: V4_ZONE,
      type: 'NS',
      ttl: 3600,
      records: [
        { content: 'ns1.rackdesk.example.', disabled: false },
        { content: 'ns2.rackdesk.example.', disabled: false },
      ],
      comments: [],
    });
    const bare = await sim.api('GET', `${ZONES}/${V4_ZONE}?rrsets=false`);
    expect(bare.body).not.toHaveProperty('rrsets');
  });

  it('narrows the RRsets to one name and type', async () => {
    await sim.setPtr(V4_ZONE, `20.${V4_ZONE}`, 'vps20.example.net.');
    await sim.setPtr(V4_ZONE, `21.${V4_ZONE}`, 'vps21.example.net.');
    const { body } = await sim.api('GET', `${ZONES}/${V4_ZONE}?rrset_name=21.${V4_ZONE}&rrset_type=PTR`);
    expect(body.rrsets.map((rrset: { name: string }) => rrset.name)).toEqual([`21.${V4_ZONE}`]);
    expect((await sim.api('GET', `${ZONES}/${V4_ZONE}?rrset_type=PTR`)).status).toBe(422);
  });

  it('answers 404 with an error for an unknown zone or server', async () => {
    const zone = await sim.api('GET', `${ZONES}/1.0.10.in-addr.arpa.`);
    expect(zone).toMatchObject({
      status: 404,
      body: { error: "Could not find domain '1.0.10.in-addr.arpa.'" },
    });
    const server = await sim.api('GET', '/servers/ns9/zones');
    expect(server).toMatchObject({ status: 404, body: { error: 'Not Found' } });
    expect((await sim.api('GET', '/servers/localhost')).body).toMatchObject({
      id: 'localhost',
      daemon_type: 'authoritative',
    });
  });

  it('takes and answers escaped zone ids', async () => {
    await sim.createZone({ name: '0/25.100.51.198.in-addr.arpa' });
    const listed = await sim.api('GET', `${ZONES}?zone=0/25.100.51.198.in-addr.arpa.`);
    expect(listed.body[0]).toMatchObject({ id: '0=2F25.100.51.198.in-addr.arpa.' });
    const { status, body } = await sim.api('GET', `${ZONES}/0=2F25.100.51.198.in-addr.arpa.`);
    expect(status).toBe(200);
    expect(body.name).toBe('0/25.100.51.198.in-addr.arpa.');
    expect((await sim.api('GET', `${ZONES}/0=2G25.100.51.198.in-addr.arpa.`)).status).toBe(400);
  });
});

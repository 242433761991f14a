import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY, type PowerDnsKit, ptrsOf, startSimulator, ZONES } from './test-kit.ts';

const ZONE = '100.51.198.in-addr.arpa.';
const NAME = `20.${ZONE}`;

describe('simulated PowerDNS RRset changes (PATCH)', () => {
  let sim: PowerDnsKit;
  beforeEach(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.close());

  const patch = (...rrsets: object[]) => sim.api('PATCH', `${ZONES}/${ZONE}`, { rrsets });

  it('creates, replaces and deletes a PTR RRset, answering 204 with the old and new serial', async () => {
    const before = (await sim.api('GET', `${ZONES}/${ZONE}`)).body.serial;
    const created = await sim.setPtr(ZONE, NAME, 'vps20.example.net.', 600);
    expect(created.status).toBe(204);
    expect(created.body).toBeUndefined();
    expect(created.headers['x-pdns-old-serial']).toBe(String(before));
    expect(Number(created.headers['x-pdns-new-serial'])).toBeGreaterThan(before);
    expect(await ptrsOf(sim, ZONE)).toEqual([{ name: NAME, ttl: 600, contents: ['vps20.example.net.'] }]);

    await sim.setPtr(ZONE, NAME, 'mail.example.net.', 3600);
    expect(await ptrsOf(sim, ZONE)).toEqual([{ name: NAME, ttl: 3600, contents: ['mail.example.net.'] }]);

    expect((await sim.setPtr(ZONE, NAME, null)).status).toBe(204);
    expect(await ptrsOf(sim, ZONE)).toEqual([]);
    // Deleting what is not there is no error.
    expect((await sim.setPtr(ZONE, NAME, null)).status).toBe(204);
  });

  it('removes an RRset replaced by no records, and keeps comments it is given', async () => {
    await sim.setPtr(ZONE, NAME, 'vps20.example.net.');
    await patch({ name: NAME, type: 'PTR', ttl: 3600, changetype: 'REPLACE', records: [] });
    expect(await ptrsOf(sim, ZONE)).toEqual([]);

    await patch({
      name: NAME,
      type: 'ptr',
      ttl: 300,
      changetype: 'replace',
      records: [{ content: 'vps20.example.net.' }],
      comments: [{ content: 'set by the panel', account: 'rackdesk' }],
    });
    const { body } = await sim.api('GET', `${ZONES}/${ZONE}?rrset_name=${NAME}&rrset_type=PTR`);
    expect(body.rrsets).toEqual([
      {
        name: NAME,
        type: 'PTR',
        ttl: 300,
        records: [{ content: 'vps20.example.net.', disabled: false }],
        comments: [{ content: 'set by the panel', account: 'rackdesk', modified_at: expect.any(Number) }],
      },
    ]);
  });

  it.each([
    [
      'content without its trailing dot',
      {
        name: NAME,
        type: 'PTR',
        ttl: 60,
        changetype: 'REPLACE',
        records: [{ content: 'vps20.example.net' }],
      },
      `Record ${NAME}/PTR 'vps20.example.net': Not in expected format (parsed as 'vps20.example.net.')`,
    ],
    [
      'content that is no host name',
      { name: NAME, type: 'PTR', ttl: 60, changetype: 'REPLACE', records: [{ content: 'not a host!' }] },
      `Record ${NAME}/PTR 'not a host!': Not in expected format`,
    ],
    [
      'a relative name',
      { name: '20.100.51.198.in-addr.arpa', type: 'PTR', changetype: 'DELETE' },
      "DNS Name '20.100.51.198.in-addr.arpa' is not canonical",
    ],
    [
      'a name outside the zone',
      { name: '20.113.0.203.in-addr.arpa.', type: 'PTR', ttl: 60, changetype: 'REPLACE', records: [] },
      'RRset 20.113.0.203.in-addr.arpa. IN PTR: Name is out of zone',
    ],
    [
      'an unknown type',
      { name: NAME, type: 'BOGUS', changetype: 'DELETE' },
      `RRset ${NAME} IN BOGUS: unknown type given`,
    ],
    ['an unknown changetype', { name: NAME, type: 'PTR', changetype: 'UPSERT' }, 'Changetype not understood'],
    [
      'records without a TTL',
      { name: NAME, type: 'PTR', changetype: 'REPLACE', records: [{ content: 'a.example.net.' }] },
      "Key 'ttl' not an Integer or not present",
    ],
  ])('refuses %s with a 422 and its reason', async (_case, rrset, error) => {
    expect(await patch(rrset)).toMatchObject({ status: 422, body: { error } });
  });

  it('refuses the same RRset twice and a body without rrsets', async () => {
    const twice = await patch(
      { name: NAME, type: 'PTR', changetype: 'DELETE' },
      { name: NAME, type: 'PTR', changetype: 'DELETE' },
    );
    expect(twice).toMatchObject({ status: 422, body: { error: `Duplicate RRset ${NAME} IN PTR` } });
    const empty = await sim.api('PATCH', `${ZONES}/${ZONE}`, {});
    expect(empty).toMatchObject({ status: 422, body: { error: 'No rrsets given in update request' } });
  });

  it('changes nothing when any RRset of the body is refused', async () => {
    await sim.setPtr(ZONE, NAME, 'vps20.example.net.');
    const serial = (await sim.api('GET', `${ZONES}/${ZONE}`)).body.serial;
    const refused = await patch(
      { name: NAME, type: 'PTR', changetype: 'DELETE' },
      { name: `21.${ZONE}`, type: 'PTR', ttl: 60, changetype: 'REPLACE', records: [{ content: 'bad' }] },
    );
    expect(refused.status).toBe(422);
    expect(await ptrsOf(sim, ZONE)).toEqual([{ name: NAME, ttl: 3600, contents: ['vps20.example.net.'] }]);
    expect((await sim.api('GET', `${ZONES}/${ZONE}`)).body.serial).toBe(serial);
  });

  it('answers a body that is not JSON with 400, and an unknown zone with 404', async () => {
    const response = await sim.app.inject({
      method: 'PATCH',
      url: `/api/v1${ZONES}/${ZONE}`,
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      payload: '{"rrsets": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Bad Request' });
    const unknown = await sim.api('PATCH', `${ZONES}/0.0.10.in-addr.arpa.`, { rrsets: [] });
    expect(unknown).toMatchObject({
      status: 404,
      body: { error: "Could not find domain '0.0.10.in-addr.arpa.'" },
    });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { type PowerDnsKit, startSimulator, ZONES } from './test-kit.ts';
import { NOTIFY_SECONDS } from './zone-serial.ts';

const ZONE = '100.51.198.in-addr.arpa.';
const NAME = `20.${ZONE}`;
const DAY_MS = 86_400_000;

const serialOfDay = (now: number) => {
  const day = new Date(now);
  return (day.getUTCFullYear() * 10_000 + (day.getUTCMonth() + 1) * 100 + day.getUTCDate()) * 100 + 1;
};

describe('simulated PowerDNS serials and NOTIFY over time', () => {
  let sim: PowerDnsKit;
  afterEach(() => sim.close());

  const zone = async () => (await sim.api('GET', `${ZONES}/${ZONE}`)).body;
  const now = async () =>
    (await sim.app.inject({ method: 'POST', url: '/_control/clock/advance', payload: { ms: 0 } })).json().now;

  it('raises the serial on every change and notifies the secondaries a few seconds later', async () => {
    sim = await startSimulator();
    const start = await zone();
    expect(start.notified_serial).toBe(start.serial);

    await sim.setPtr(ZONE, NAME, 'vps20.example.net.');
    const changed = await zone();
    expect(changed.serial).toBeGreaterThan(start.serial);
    expect(changed.notified_serial).toBe(start.serial);

    await sim.advance(NOTIFY_SECONDS * 1000 - 1000);
    expect((await zone()).notified_serial).toBe(start.serial);
    await sim.advance(1000);
    expect((await zone()).notified_serial).toBe(changed.serial);
  });

  it('takes the serial from the simulated day (YYYYMMDD01), counting up within the day', async () => {
    sim = await startSimulator();
    await sim.advance(DAY_MS);
    await sim.setPtr(ZONE, NAME, 'vps20.example.net.');
    const first = (await zone()).serial;
    expect(first).toBe(serialOfDay(await now()));
    await sim.setPtr(ZONE, NAME, 'mail.example.net.');
    expect((await zone()).serial).toBe(first + 1);
  });

  it('stretches the NOTIFY delay with the time scale', async () => {
    sim = await startSimulator({ timeScale: 3 });
    await sim.setPtr(ZONE, NAME, 'vps20.example.net.');
    const { serial } = await zone();
    await sim.advance(NOTIFY_SECONDS * 1000 * 2);
    expect((await zone()).notified_serial).not.toBe(serial);
    await sim.advance(NOTIFY_SECONDS * 1000);
    expect((await zone()).notified_serial).toBe(serial);
  });

  it('never notifies for a Native zone, which the database replicates', async () => {
    sim = await startSimulator();
    await sim.createZone({ name: '0.0.10.in-addr.arpa', kind: 'Native' });
    await sim.setPtr('0.0.10.in-addr.arpa.', '5.0.0.10.in-addr.arpa.', 'internal.example.net.');
    await sim.advance(60_000);
    const { body } = await sim.api('GET', `${ZONES}/0.0.10.in-addr.arpa.`);
    expect(body).toMatchObject({ kind: 'Native', notified_serial: 0 });
  });
});

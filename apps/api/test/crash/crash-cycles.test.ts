import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KillPlan } from './crash-client.ts';
import { killSteps, type PaymentMode, paymentModes, runCycle, stepsOf } from './crash-cycle.ts';
import { startCrashRig, type CrashRig } from './crash-harness.ts';
import { checkCycle, settle } from './crash-invariants.ts';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
/** `npm run test:crash` sets 200; `npm test` runs this bounded form. */
const cycles = Number(process.env.CRASH_CYCLES ?? 6);
/** The random kill points come from this seed (printed), so a failing run can be replayed. */
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);

/** A small seeded generator (mulberry32): the same seed gives the same kills. */
function random(seedValue: number) {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Crash safety (issue 19 §4): the API, a child process, is SIGKILLed at a random point of a
 * customer's order → pay → provision, and of the credit and funds calls, then restarted, while
 * the client retries as a real one would. After every cycle the database and the payment sandbox
 * must show each payment recorded once, the credit changed exactly as asked, one order, one Active
 * service on one upstream machine, and no job lost, stuck or failed.
 */
describe.skipIf(!onPostgres)(
  'crash safety: the API killed at random points of order → pay → provision (PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let rig: CrashRig;
    beforeAll(async () => {
      rig = await startCrashRig();
    }, 120_000);
    afterAll(async () => {
      await rig?.close();
    });

    it(
      `runs ${cycles} cycles, each with a kill, and finds every invariant kept`,
      { timeout: cycles * 240_000 },
      async () => {
        const next = random(seed);
        console.log(`crash cycles: ${cycles}, seed ${seed} (CRASH_SEED=${seed} replays the kill points)`);
        for (let cycle = 0; cycle < cycles; cycle += 1) {
          // Every step in turn, so that the 6 cycles of `npm test` kill in each once; the modes in
          // turn too, a card-only cycle giving its turn to a split one where it has no such step.
          const step = killSteps[cycle % killSteps.length]!;
          const turn = paymentModes[cycle % paymentModes.length]!;
          const mode: PaymentMode = stepsOf(turn).includes(step) ? turn : 'split';
          const kill: KillPlan = {
            step,
            delayMs: Math.floor(next() * (step === 'provisioning' ? 3_000 : 150)),
          };
          const started = Date.now();
          const record = await runCycle(rig, mode, kill);
          await settle(rig, record);
          rig.counts.seconds.push(Math.round((Date.now() - started) / 100) / 10);
          rig.counts.checks += await checkCycle(rig, record);
          rig.counts.cycles += 1;
        }
        const { counts } = rig;
        const kills = Object.values(counts.kills).reduce((sum, n) => sum + n, 0);
        console.log(
          `crash cycles: ${counts.cycles} cycles, ${kills} kills (${JSON.stringify(counts.kills)}), ` +
            `${rig.api.starts} API starts, retries ${JSON.stringify(counts.retries)}, ` +
            `${counts.checks} invariant checks, none broken; seconds per cycle: ${counts.seconds.join(' ')}`,
        );
        expect(counts.cycles).toBe(cycles);
        expect(kills).toBe(cycles);
      },
    );
  },
);

import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Clock } from './clock.ts';
import { type Credentials, defaultCredentials, type SimContext } from './context.ts';
import { faultSchema, Faults, registerFaultHook } from './faults.ts';
import { registerPaymentSandbox } from './payment-sandbox/index.ts';
import { registerPowerDns } from './powerdns/index.ts';
import { registerProxmox } from './proxmox/index.ts';
import { registerS3 } from './s3/index.ts';
import { Store } from './store.ts';
import { registerStripe } from './stripe/index.ts';
import { registerTenantos } from './tenantos/index.ts';
import { registerVirtualizor } from './virtualizor/index.ts';

export interface DatacenterOptions {
  /** JSON file the state is kept in; omitted, state lives in memory only. */
  stateFile?: string;
  credentials?: Credentials;
  /** Multiplies the duration of every simulated operation (default 1). */
  timeScale?: number;
  logLevel?: string;
}

const CONTROL = '/_control';

/**
 * The datacenter simulator: one HTTP server answering the subset of the Proxmox VE
 * (`/api2/json/...`), Tenantos (`/api/...`), Virtualizor end-user (`/index.php?...`) and PowerDNS
 * (`/api/v1/...`) APIs that Rackdesk's adapters use, the Stripe payment sandbox (`/v1/...`,
 * `/stripe/...`), an S3-compatible object store (`/s3/{bucket}/{key}`), plus a control API (`/_control/...`) for demo seeding and fault tests.
 */
export async function buildDatacenter(options: DatacenterOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'warn' },
    forceCloseConnections: true,
    // Proxmox and Virtualizor clients send form bodies.
    bodyLimit: 1024 * 1024,
    // A Proxmox UPID names its worker: a volume's task carries the whole volid, past Fastify's 100.
    routerOptions: { maxParamLength: 1024 },
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const store = new Store(options.stateFile);
  const clockState = store.section('clock', () => ({ offsetMs: 0 }));
  const clock = new Clock(clockState.offsetMs);
  const faults = new Faults();
  const ctx: SimContext = {
    store,
    clock,
    credentials: options.credentials ?? defaultCredentials,
    timeScale: options.timeScale ?? 1,
    log: app.log,
  };

  registerFaultHook(app, faults);
  registerControl(app, { store, clock, clockState, faults });
  await app.register(async (scope) => registerProxmox(scope, ctx));
  await app.register(async (scope) => registerTenantos(scope, ctx));
  await app.register(async (scope) => registerVirtualizor(scope, ctx));
  await app.register(async (scope) => registerPowerDns(scope, ctx));
  await app.register(async (scope) => registerPaymentSandbox(scope, ctx));
  await app.register(async (scope) => registerStripe(scope, ctx));
  await app.register(async (scope) => registerS3(scope, ctx));
  return app;
}

interface ControlDeps {
  store: Store;
  clock: Clock;
  clockState: { offsetMs: number };
  faults: Faults;
}

function registerControl(app: FastifyInstance, { store, clock, clockState, faults }: ControlDeps): void {
  app.get(`${CONTROL}/health`, async () => ({ ok: true, simulator: true }));
  app.get(`${CONTROL}/state`, async () => store.snapshot());

  app.post(`${CONTROL}/faults`, async (request, reply) => {
    const parsed = faultSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: z.prettifyError(parsed.error) });
    faults.add(parsed.data);
    return reply.code(201).send({ faults: faults.list() });
  });
  app.delete(`${CONTROL}/faults`, async () => {
    faults.clear();
    return { faults: [] };
  });

  // What the simulated clock reads: the panel's billing cycle follows it in demos and tests.
  app.get(`${CONTROL}/clock`, async () => ({ now: clock.now(), offsetMs: clock.offsetMs, held: clock.held }));
  app.post(`${CONTROL}/clock/hold`, async () => {
    clock.hold();
    return { now: clock.now(), held: true };
  });
  app.post(`${CONTROL}/clock/release`, async () => {
    clock.release();
    clockState.offsetMs = clock.offsetMs;
    store.save();
    return { now: clock.now(), held: false };
  });
  app.post(`${CONTROL}/clock/advance`, async (request, reply) => {
    const parsed = z.object({ ms: z.number().int().min(0) }).safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: z.prettifyError(parsed.error) });
    clock.advance(parsed.data.ms);
    clockState.offsetMs = clock.offsetMs;
    store.save();
    return { now: clock.now() };
  });
}

export { type Credentials, defaultCredentials } from './context.ts';

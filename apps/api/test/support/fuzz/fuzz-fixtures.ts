import { eq } from 'drizzle-orm';
import { departments, productGroups, products, promoCodes, users } from '../../../src/db/schema/index.ts';
import { createApiToken } from '../account-callers.ts';
import { createDedicatedService, resetServer } from '../dedicated-servers.ts';
import { bearer, createService, createUser, loginToken, subAccountBody } from '../fixtures.ts';
import { createInvoice } from '../invoices.ts';
import { createSshKey } from '../orders.ts';
import { addVirtualizorVps, type TestSimulator } from '../simulator.ts';
import type { TestApp } from '../test-app.ts';
import { openTicket } from '../tickets.ts';
import { createStorageService, createVps2Service } from '../vps2-servers.ts';
import type { RealValues } from './fuzz-requests.ts';
import type { FieldHints } from './schema-values.ts';

const DEDICATED_SERVER = 1191;
const VMID = 7919;
const VIRTUALIZOR_VPS = 7191;

export interface FuzzCaller {
  userId: number;
  token: string;
  /** Signs in again, for when a fuzzed call ended the caller's own session. */
  renew(): Promise<string>;
  realValues: RealValues;
  fieldHints: FieldHints;
}

/**
 * An owner with every right (the operator role too, for the staff routes) and one of each thing
 * a path can name: a service of every kind on the simulator, an invoice, a ticket, an SSH key,
 * an API token, a sub-account and a second session. Path values point at these part of the time,
 * so fuzzed bodies and queries reach the routes' own rules instead of a 404.
 */
export async function fuzzCaller(t: TestApp, sim: TestSimulator): Promise<FuzzCaller> {
  const owner = await createUser(t, { role: 'operator' });
  const signIn = async () => {
    const [row] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, owner.id));
    return loginToken(t.app, row!.email, owner.password);
  };
  const token = await signIn();
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };

  await resetServer(sim, DEDICATED_SERVER);
  const dedicated = await createDedicatedService(t, owner.id, DEDICATED_SERVER);
  const vps2 = await createVps2Service(t, sim, owner.id, VMID);
  const storage = await createStorageService(t, sim, owner.id, `vm-${VMID}-fuzz`);
  await addVirtualizorVps(sim, VIRTUALIZOR_VPS);
  const vps = await createService(t, owner.id, {
    provider: 'virtualizor',
    upstreamId: String(VIRTUALIZOR_VPS),
    productId: (await t.database.db.select({ id: products.id }).from(products).limit(1))[0]!.id,
  });
  const serviceIds = [dedicated, vps2, storage, vps].map((service) => String(service.id));
  const invoice = await createInvoice(t, owner.id, { serviceId: vps2.id });
  const sshKey = await createSshKey(t, owner.id, 'fuzz-laptop');
  const apiToken = await createApiToken(t.app, token, { description: 'Fuzz script' });
  const subAccount = await call('POST', '/api/sub-accounts', subAccountBody());
  const tid = await openTicket(t, token, { serviceid: vps2.id });
  // A second session of the owner: the one a path may end without signing the fuzzer out.
  await signIn();
  const sessions = (await call('GET', '/api/sessions')).sessions as { id: number; current: boolean }[];
  const otherSession = sessions.find((session) => !session.current)!.id;

  const column = async (rows: Promise<{ value: unknown }[]>) => (await rows).map((row) => String(row.value));
  const groupIds = await column(t.database.db.select({ value: productGroups.id }).from(productGroups));
  const productIds = await column(t.database.db.select({ value: products.id }).from(products));
  const promoCodeList = await column(t.database.db.select({ value: promoCodes.code }).from(promoCodes));
  const departmentIds = (await t.database.db.select({ id: departments.id }).from(departments)).map(
    ({ id }) => id,
  );

  // Most specific first: the first path that matches gives the real values of its `id`.
  const idsByPath: [RegExp, string[]][] = [
    [/^\/api\/sessions\//, [String(otherSession)]],
    [/^\/api\/services\/dedicated\//, [String(dedicated.id)]],
    [/^\/api\/services\/vps\/v2\//, [String(vps2.id)]],
    [/^\/api\/services\/vps\//, [String(vps.id)]],
    [/^\/api\/services\/storage\//, [String(storage.id)]],
    [/^\/api\/(services|operator\/services)\//, serviceIds],
    [/^\/api\/ssh-keys\//, [String(sshKey.id)]],
    [/^\/api\/api-tokens\//, [String(apiToken.id)]],
    [/^\/api\/sub-accounts\//, [String(subAccount.sub_account.id)]],
    [/^\/api\/invoices\//, [String(invoice)]],
  ];
  const byName: Record<string, string[]> = {
    tid: [tid],
    groupId: groupIds,
    pid: productIds,
    productId: productIds,
    code: promoCodeList,
  };
  // Fields of bodies and queries that name things, by the names the contract gives them.
  const numbers = (values: string[]) => values.map(Number);
  const serviceNumbers = numbers(serviceIds);
  const fields: Record<string, readonly unknown[]> = {
    invoiceid: [invoice],
    invoice_id: [invoice],
    relid: serviceNumbers,
    serviceid: serviceNumbers,
    service_id: serviceNumbers,
    pid: numbers(productIds),
    deptid: departmentIds,
    tid: [tid],
    // The owner's own address: sign-in, reset and verification calls then concern a real login.
    email: [owner.email],
  };
  const caller: FuzzCaller = {
    userId: owner.id,
    fieldHints: (field) => fields[field] ?? [],
    token,
    async renew() {
      caller.token = await signIn();
      return caller.token;
    },
    realValues: (route, parameter) =>
      byName[parameter] ??
      (parameter === 'id' ? (idsByPath.find(([pattern]) => pattern.test(route.path))?.[1] ?? []) : []),
  };
  return caller;
}

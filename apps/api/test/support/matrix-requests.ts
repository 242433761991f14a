import { DemoProduct } from '../../src/seed/catalog.ts';
import { subAccountBody } from './fixtures.ts';
import type { ObjectRules } from './matrix-rule.ts';
import type { AccountObjects, RenewableKind } from './matrix-world.ts';

/** A kind of object a route names: its path parameters, how it answers, and whether calls consume it. */
export interface ObjectKind extends ObjectRules {
  name: string;
  /** The path parameters it fills, from one account's objects. */
  params(objects: AccountObjects): Record<string, string>;
  /** Made again after a call that deleted it. */
  renewable?: RenewableKind;
  /** Not an account's: public catalogue entries, guest tickets. Only a real and a missing one. */
  unowned?: boolean;
  /** Names no object: the account's own collection (an ISO library). */
  accountLevel?: boolean;
  /** Whether a call of the route uses the object up (deletes or pays it): by default a deletion. */
  consumedBy?: (method: string, url: string) => boolean;
}

const service = (name: string, key: keyof AccountObjects): ObjectKind => ({
  name,
  params: (o) => ({ id: o[key] }),
  outsideWhitelist: 'refused',
});

/**
 * The kind of object behind each route's path parameters, by the route's path (first match).
 * A route with a parameter that no entry (nor `plainParams`) fills makes the matrix fail: give it
 * an entry here.
 */
const kindsByPath: [RegExp, ObjectKind][] = [
  [/^\/api\/services\/dedicated\/:id/, service('dedicated server', 'dedicated')],
  [
    /^\/api\/services\/vps\/v2\/iso\/:id$/,
    {
      name: 'VPS v2 ISO',
      params: (o) => ({ id: o.vps2Iso }),
      renewable: 'vps2Iso',
      outsideWhitelist: 'hidden',
    },
  ],
  [
    /^\/api\/services\/vps\/iso\/:id$/,
    { name: 'VPS ISO', params: (o) => ({ id: o.vpsIso }), renewable: 'vpsIso', outsideWhitelist: 'hidden' },
  ],
  [
    /^\/api\/services\/vps\/v2\/:id\/backup\/(delete|restore)$/,
    { ...service('backup', 'vps2'), renewable: 'backup' },
  ],
  [/^\/api\/services\/vps\/v2\/:id/, service('VPS v2', 'vps2')],
  [/^\/api\/services\/vps\/:id/, service('VPS', 'vps')],
  [/^\/api\/services\/storage\/:id/, service('storage block', 'storage')],
  // A setup to retry: the service of the account's order.
  [/^\/api\/operator\/services\/:id/, service('ordered service', 'orderService')],
  [/^\/api\/services\/:id/, service('service', 'vps2')],
  [
    /\/:tid\/reply\/:replyid\/image\/:name$/,
    {
      name: 'reply image',
      params: (o) => ({ tid: o.ticket, replyid: o.reply, name: o.image }),
      foreign: 403,
    },
  ],
  [
    /^\/api\/guest\/support\/:tid/,
    { name: 'guest ticket', params: (o) => ({ tid: o.ticket }), unowned: true },
  ],
  // Another account's ticket is 403 'Not authorized to view this ticket' (README, Support).
  [
    /^\/api\/(operator\/)?support\/:tid/,
    { name: 'ticket', params: (o) => ({ tid: o.ticket }), foreign: 403 },
  ],
  [/^\/api\/invoices\/:id/, { name: 'invoice', params: (o) => ({ id: o.invoice }) }],
  [
    /^\/api\/billing\/card\/pay\/:id$/,
    { name: 'invoice', params: (o) => ({ id: o.invoice }), renewable: 'invoice', consumedBy: () => true },
  ],
  [/^\/api\/billing\/card\/:id$/, { name: 'card', params: (o) => ({ id: o.card }), renewable: 'card' }],
  [/^\/api\/ssh-keys\/:id$/, { name: 'SSH key', params: (o) => ({ id: o.sshKey }), renewable: 'sshKey' }],
  [
    /^\/api\/api-tokens\/:id$/,
    { name: 'API token', params: (o) => ({ id: o.apiToken }), renewable: 'apiToken' },
  ],
  [
    /^\/api\/sub-accounts\/:id$/,
    { name: 'sub-account', params: (o) => ({ id: o.subAccount }), renewable: 'subAccount' },
  ],
  [
    /^\/api\/sessions\/:id$/,
    { name: 'session', params: (o) => ({ id: o.session }), renewable: 'session', perLogin: true },
  ],
  [/^\/api\/operator\/orders\/:id/, { name: 'order', params: (o) => ({ id: o.order }) }],
  [
    /^\/api\/billing\/(products|os-templates|promo)\//,
    { name: 'catalogue entry', params: () => ({}), unowned: true },
  ],
  [
    /^\/api\/reset-password\/:token$/,
    { name: 'reset token', params: () => ({ token: 'not-a-reset-token' }), unowned: true },
  ],
];

const isoLibrary: ObjectKind = {
  name: 'ISO library',
  params: () => ({}),
  accountLevel: true,
  callerNeedsServer: true,
};

/** Routes whose object is in the body, not the path, or that work on the caller's servers. */
const kindsByBody: Record<string, ObjectKind> = {
  'POST /api/services/vps/iso/add': isoLibrary,
  'POST /api/services/vps/v2/iso/add': isoLibrary,
  'POST /api/services/vps/v2/user-template/delete': {
    name: 'user template',
    params: () => ({}),
    renewable: 'template',
    outsideWhitelist: 'hidden',
  },
};

/** Path parameters that name no account's object. */
const plainParams: Record<string, string> = {
  range: 'day',
  month: `${new Date().getUTCFullYear()}${String(new Date().getUTCMonth() + 1).padStart(2, '0')}`,
  groupId: '1',
  pid: String(DemoProduct.dw4gNewYork),
  productId: String(DemoProduct.dw4gNewYork),
  code: 'WELCOME10',
};

/** The object kind of a route (undefined: it names none), or an error naming what is unknown. */
export function kindOf(method: string, url: string): ObjectKind | undefined {
  const byBody = kindsByBody[`${method} ${url}`];
  if (byBody) return byBody;
  const params = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  if (params.length === 0) return undefined;
  const kind = kindsByPath.find(([pattern]) => pattern.test(url))?.[1];
  const filled = new Set([
    ...Object.keys(kind?.params(placeholderObjects) ?? {}),
    ...Object.keys(plainParams),
  ]);
  const unknown = params.filter((param) => !filled.has(param));
  if (unknown.length > 0 || !kind) {
    throw new Error(
      `${method} ${url}: no object kind for {${unknown.join(', ') || params.join(', ')}}: add it to matrix-requests.ts`,
    );
  }
  return kind;
}

const placeholderObjects = new Proxy({} as AccountObjects, { get: () => 'x' });

/** The route's path with its parameters filled from `objects`. */
export function fillPath(url: string, kind: ObjectKind | undefined, objects: AccountObjects): string {
  const values = { ...plainParams, ...kind?.params(objects) };
  return url.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(values[name]!));
}

const password = 'Fresh-Pass9';
const ticketText = { subject: 'Matrix probe', message: 'A question from the matrix.' };

/**
 * A body that passes each route's schema, from the objects of the account the probe aims at:
 * access is checked after the input, so a caller the rule refuses must get past validation. The
 * bodies change nothing later probes need: wrong current passwords, a 2FA method already in use.
 */
const bodies: Record<string, (o: AccountObjects, prepared: PreparedBodies) => object> = {
  'POST /api/login': (_o, prepared) => prepared.login,
  'POST /api/register': () => ({ email: 'x' }),
  'POST /api/reset-password': () => ({ email: 'nobody@example.com' }),
  'POST /api/reset-password/:token': () => ({ password }),
  'POST /api/email-verification/verify': () => ({ token: 'not-a-token' }),
  'PUT /api/user/edit': () => ({
    firstname: 'Ada',
    lastname: 'Lovelace',
    companyname: '',
    address1: '12 Analytical Row',
    address2: '',
    city: 'Springfield',
    state: 'IL',
    postcode: '62701',
    country: 'US',
    phonenumber: '+1.2175550100',
  }),
  'POST /api/user/change-password': () => ({
    current_password: 'not-the-password',
    new_password: 'a-new-passphrase',
    new_password_confirmation: 'a-new-passphrase',
  }),
  'POST /api/user/close': () => ({ password: 'not-the-password' }),
  'POST /api/2fa': () => ({ method: 'none' }),
  'POST /api/2fa/confirm': () => ({ code: '123456' }),
  'POST /api/2fa/recovery-codes': () => ({ code: '123456' }),
  'POST /api/services/:id/cancel': () => ({ reason: 'No longer needed', type: 'End of Billing Period' }),
  'PATCH /api/services/dedicated/:id': () => ({ hostname: 'matrix' }),
  'POST /api/services/dedicated/:id/rebuild': () => ({ template: 999_999 }),
  'POST /api/services/:id/rdns': () => ({ ip_list: ['198.51.100.1'], hostname_list: ['matrix.example.net'] }),
  'POST /api/services/vps/iso/add': () => ({ url: 'http://93.184.215.14/isos/matrix-added.iso' }),
  'PATCH /api/services/vps/:id/hostname': () => ({ hostname: 'matrix.example.com' }),
  'POST /api/services/vps/:id/insert': () => ({ iso: '', sec_iso: '' }),
  'POST /api/services/vps/:id/boot': () => ({ order: 'dca' }),
  'POST /api/services/vps/:id/rebuild': () => ({ osid: '1001', password, password_confirm: password }),
  'POST /api/services/vps/v2/iso/add': () => ({ url: 'http://93.184.215.14/isos/matrix-added-v2.iso' }),
  'POST /api/services/vps/v2/user-template/delete': (o) => ({ id: Number(o.template) }),
  'PATCH /api/services/vps/v2/:id/hostname': () => ({ hostname: 'matrix.example.net' }),
  'POST /api/services/vps/v2/:id/insert': () => ({ iso: null }),
  'POST /api/services/vps/v2/:id/boot': () => ({ order: 'dca' }),
  'POST /api/services/vps/v2/:id/rebuild': () => ({ osid: '9001', password, password_confirm: password }),
  'POST /api/services/vps/v2/:id/backup/delete': (o) => ({ volid: o.backup }),
  'POST /api/services/vps/v2/:id/backup/restore': (o) => ({ volid: o.backup }),
  'POST /api/services/vps/v2/:id/user-template/create': () => ({ custom_name: 'matrix_probe' }),
  'POST /api/services/vps/v2/:id/user-template/install': (o) => ({ id: Number(o.template) }),
  'POST /api/services/vps/v2/:id/upgrade': () => ({ pid: DemoProduct.dw4gChicago }),
  'POST /api/services/vps/v2/:id/blockStorage/attach': (o) => ({ disk_name: o.disk }),
  'POST /api/services/vps/v2/:id/blockStorage/detach': (o) => ({ disk_name: o.disk }),
  'POST /api/services/storage/:id/detach': (o) => ({ disk_name: o.disk }),
  'POST /api/ssh-keys': () => ({
    title: 'Matrix',
    publicKey:
      'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINENfB9+P1xBM1794XVT6vgMqo1mbDk8mteDcY9QwKki matrix@example',
  }),
  'POST /api/api-tokens': () => ({ description: 'Matrix', scope: 'read' }),
  'POST /api/sub-accounts': () => subAccountBody(),
  'PUT /api/sub-accounts/:id': () => subAccountBody({ password: '' }),
  'POST /api/billing/order': (_o, prepared) => prepared.order,
  'POST /api/invoices/funds': () => ({ amount: 25 }),
  'POST /api/invoices/:id/apply-credit': () => ({ amount: 1 }),
  'POST /api/invoices/:id/remove-credit': () => ({ amount: 1 }),
  'POST /api/billing/paypal/pay': (o) => ({ invoiceid: Number(o.invoice) }),
  'POST /api/billing/cryptomus/pay': (o) => ({ invoiceid: Number(o.invoice) }),
  'POST /api/billing/bitcoin/pay': (o) => ({ invoiceid: Number(o.invoice) }),
  'POST /api/billing/save-payment-method': () => ({ setup_intent_id: 'seti_matrixmissing' }),
  'PATCH /api/billing/card/:id': () => ({ set_as_default: true }),
  'POST /api/billing/card/pay/:id': () => ({}),
  'PUT /api/support': () => ({ deptid: 1, priority: 'Low', ...ticketText }),
  'POST /api/support/:tid': () => ({ message: ticketText.message }),
  'POST /api/guest/support/:tid': () => ({ message: ticketText.message }),
  'POST /api/operator/support/:tid/reply': () => ({ message: ticketText.message }),
  'POST /api/operator/support/:tid/status': () => ({ status: 'Open' }),
  'POST /api/billing/paypal/ipn': () => ({}),
  'POST /api/billing/cryptomus/webhook': () => ({}),
  'POST /api/billing/bitpay/ipn': () => ({}),
  'POST /api/billing/stripe/webhook': () => ({}),
};

/** Query strings a route needs to pass its schema. */
const queries: Record<string, (o: AccountObjects) => Record<string, string>> = {
  'GET /api/billing/payment-intent': (o) => ({ invoice_id: o.invoice }),
  'GET /api/services/:id/rdns': () => ({ ip_list: '198.51.100.1' }),
  'PUT /api/guest/support': () => ({
    name: 'Guest',
    email: 'guest@example.com',
    priority: 'Low',
    ...ticketText,
  }),
  'GET /api/guest/support/:tid': () => ({ c: 'wrong-key' }),
  'POST /api/guest/support/:tid': () => ({ c: 'wrong-key' }),
  'POST /api/guest/support/:tid/close': () => ({ c: 'wrong-key' }),
};

/** Bodies built from the catalogue as the database holds it. */
export interface PreparedBodies {
  order: object;
  /** A sign-in that succeeds. */
  login: object;
}

/** The body a route is sent (undefined: none), or an error when a route with a body has no entry. */
export function bodyOf(
  route: { method: string; url: string; hasBody: boolean },
  objects: AccountObjects,
  prepared: PreparedBodies,
) {
  const make = bodies[`${route.method} ${route.url}`];
  if (!make && route.hasBody) {
    throw new Error(`${route.method} ${route.url} takes a body: add one to matrix-requests.ts`);
  }
  return make?.(objects, prepared);
}

export function queryOf(method: string, url: string, objects: AccountObjects) {
  return queries[`${method} ${url}`]?.(objects);
}

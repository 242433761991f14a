import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: { type?: string; pattern?: string };
}
interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: { $ref?: string } }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: unknown;
  responses: Record<string, Response>;
}
interface Document {
  security: Record<string, string[]>[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { required?: string[] }> };
}
interface Entry {
  method: string;
  path: string;
  operation: Operation;
}

/** The calls anyone may make; every other one needs a bearer token. */
const publicOperations = [
  'login',
  'register',
  'requestPasswordReset',
  'resetPassword',
  'verifyEmail',
  'getCaptchaChallenge',
  'getHealth',
  'getProductGroup',
  'getProduct',
  'listProductOsTemplates',
  'getPromoCode',
  'listNews',
  // Guests' tickets: the captcha opens one, the mailed access key reads it.
  'openGuestTicket',
  'getGuestTicket',
  'replyToGuestTicket',
  'closeGuestTicket',
  // The payment gateways' callbacks: each gateway vouches for its own (signature, post-back, re-fetch).
  'receivePaypalIpn',
  'receiveCryptomusWebhook',
  'receiveBitpayIpn',
  'stripeWebhook',
];

/** A valid value for each path or required query parameter, to call every operation. */
const sampleValues: Record<string, string> = {
  id: '1',
  groupId: '1',
  pid: '1',
  productId: '1',
  code: 'NO-SUCH-CODE',
  token: 'no-such-token',
  month: '202401',
  range: 'day',
  ip_list: '192.0.2.1',
  invoice_id: '1',
  tid: '123456',
  replyid: '1',
  name: '0123456789abcdef0123456789abcdef.png',
  email: 'guest@example.com',
  subject: 'A question',
  message: 'Hello',
  captchaToken: 'unsolved',
};

const isPublic = ({ operation }: Entry) => operation.security?.length === 0;
const statuses = ({ operation }: Entry) => Object.keys(operation.responses);

describe('the OpenAPI document at /api/docs/json, as an outside client reads it', () => {
  let t: TestApp;
  let doc: Document;
  let operations: Entry[];
  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    doc = response.json();
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
    );
  });
  afterAll(() => t.close());

  const label = ({ method, path }: Entry) => `${method.toUpperCase()} ${path}`;

  it('gives every operation a summary and a unique camelCase operationId', () => {
    expect(operations.length).toBeGreaterThan(80);
    for (const entry of operations) {
      expect(entry.operation.summary, label(entry)).toMatch(/\w{3,}/);
      expect(entry.operation.operationId, label(entry)).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    }
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('tags every operation with a described tag, and describes no unused tag', () => {
    const described = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    const used = new Set(operations.flatMap(({ operation }) => operation.tags ?? []));
    for (const entry of operations) {
      expect(entry.operation.tags?.length, label(entry)).toBe(1);
      expect(described.get(entry.operation.tags![0]!), label(entry)).toMatch(/\w{3,}/);
    }
    expect([...described.keys()].sort()).toEqual([...used].sort());
  });

  it('requires the bearer token everywhere but on the public calls, which say security: []', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    const open = operations.filter(isPublic).map(({ operation }) => operation.operationId);
    expect(open.sort()).toEqual([...publicOperations].sort());
    for (const entry of operations.filter((e) => !isPublic(e))) {
      expect(entry.operation.security, label(entry)).toBeUndefined();
    }
  });

  it('keeps to its security requirements: a guest gets 401 exactly where the document says so', async () => {
    // Calls with a body are left out: the body is checked before the caller, so a guest gets 422.
    for (const entry of operations.filter(({ operation }) => !operation.requestBody)) {
      const success = Object.entries(entry.operation.responses).find(([status]) => status.startsWith('2'));
      const accept = Object.keys(success?.[1].content ?? {})[0] ?? 'application/json';
      const query = new URLSearchParams();
      let url = entry.path;
      for (const parameter of entry.operation.parameters ?? []) {
        const value = sampleValues[parameter.name];
        if (parameter.in === 'path') {
          expect(value, `a sample value for ${parameter.name} of ${label(entry)}`).toBeDefined();
          url = url.replace(`{${parameter.name}}`, value!);
        } else if (parameter.in === 'query' && parameter.required) {
          expect(value, `a sample value for ${parameter.name} of ${label(entry)}`).toBeDefined();
          query.set(parameter.name, value!);
        }
      }
      const response = await t.app.inject({
        method: entry.method.toUpperCase() as 'GET',
        url: query.size > 0 ? `${url}?${query}` : url,
        headers: { accept },
      });
      if (isPublic(entry)) {
        expect(response.statusCode, label(entry)).not.toBe(401);
      } else {
        expect(response.statusCode, label(entry)).toBe(401);
        expect(response.json().message, label(entry)).toEqual(expect.any(String));
      }
    }
  });

  it('documents the event stream, GET /api/events, as text/event-stream for signed-in users', () => {
    const events = doc.paths['/api/events']?.get;
    expect(events?.operationId).toBe('streamEvents');
    expect(events?.security).toBeUndefined();
    expect(Object.keys(events!.responses['200']!.content!)).toEqual(['text/event-stream']);
    expect(events!.responses).toHaveProperty('401');
  });

  it('documents the error answers of every operation with the one ErrorBody schema', () => {
    expect(doc.components.schemas.ErrorBody?.required).toEqual(['message']);
    for (const entry of operations) {
      const errors = statuses(entry).filter((status) => Number(status) >= 400);
      if (entry.operation.operationId !== 'getHealth') {
        expect(
          errors.some((status) => status.startsWith('4')),
          label(entry),
        ).toBe(true);
      }
      for (const status of errors) {
        const { content, description } = entry.operation.responses[status]!;
        expect(description, `${label(entry)} ${status}`).toMatch(/\w{3,}/);
        expect(content?.['application/json']?.schema, `${label(entry)} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
      }
    }
  });

  it('documents the refusals that follow from the caller and the input', () => {
    for (const entry of operations) {
      const answers = statuses(entry);
      const { operation } = entry;
      if (!isPublic(entry)) expect(answers, label(entry)).toEqual(expect.arrayContaining(['401', '403']));
      // Wrong credentials are the sign-in's own 401.
      else if (operation.operationId !== 'login') expect(answers, label(entry)).not.toContain('401');
      if (operation.parameters?.length || operation.requestBody) {
        expect(answers, label(entry)).toContain('422');
      }
      if (operation.requestBody) expect(answers, label(entry)).toContain('400');
      // A public route that opens an object with a secret (a guest's ticket key) answers an
      // unknown id like a wrong secret, so a guessed id reveals nothing: its 403 stands for both.
      const unknownIdIs403 = isPublic(entry) && answers.includes('403');
      if (operation.parameters?.some((p) => p.in === 'path' && /id$/i.test(p.name)) && !unknownIdIs403) {
        expect(answers, label(entry)).toContain('404');
      }
      if (operation.operationId !== 'getHealth') {
        expect(answers, label(entry)).toContain('429');
        expect(operation.responses['429']?.headers, label(entry)).toHaveProperty('Retry-After');
      }
    }
  });

  it('documents the upstream failures of every call that reaches a server platform', () => {
    const serverPaths = /^\/api\/services\/(dedicated|vps|storage|\{id\}\/rdns)/;
    for (const entry of operations.filter(({ path }) => serverPaths.test(path))) {
      expect(statuses(entry), label(entry)).toEqual(expect.arrayContaining(['502', '504']));
    }
  });

  it('documents every service id as digits, so that a literal segment never matches it', () => {
    for (const entry of operations.filter(({ path }) => path.startsWith('/api/services/'))) {
      const id = entry.operation.parameters?.find((p) => p.in === 'path' && p.name === 'id');
      // The one id that is not a number: a VPS v2 ISO's volume id.
      if (!id || entry.path.startsWith('/api/services/vps/v2/iso/')) continue;
      if (id.schema.type === 'integer') continue;
      // Or a digit string: its pattern takes a number and none of the spec's literal segments.
      const pattern = new RegExp(id.schema.pattern ?? '');
      expect(
        ['vps', 'v2', 'iso', 'dedicated', 'storage'].some((word) => pattern.test(word)),
        label(entry),
      ).toBe(false);
      expect(pattern.test('12'), label(entry)).toBe(true);
    }
  });
});

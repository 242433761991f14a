import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { SUB_ACCOUNT_DEFAULTS } from '@rackdesk/contract';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { type ServiceRow, services, type UserRow } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { type NewUser, UsersRepository } from '../../src/modules/users/users.repository.ts';
import { DemoProduct, seedCatalog } from '../../src/seed/catalog.ts';
import type { TestApp } from './test-app.ts';

let counter = 0;
/** A unique e-mail address per call, so tests never collide on the unique index. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.com`;
}

/** Creates a user straight in the database (the registration path has tests of its own). */
export async function createUser(
  t: TestApp,
  values: Partial<NewUser> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  const { password = 'correct-horse-battery', ...rest } = values;
  const user = await new UsersRepository(t.database.db).create({
    email: uniqueEmail(),
    firstname: 'Test',
    lastname: 'User',
    emailVerifiedAt: new Date(),
    ...rest,
    passwordHash: await hashPassword(password),
  });
  return { ...user, password };
}

export async function loginToken(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password2: password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Polls until `condition` gives a truthy value and returns it, for work that finishes in the
 * background (jobs, events). The limit is only there to turn a hang into a failure.
 */
export function eventually<T>(condition: () => T | Promise<T>): ReturnType<typeof vi.waitUntil<T>> {
  return vi.waitUntil(condition, { timeout: 25_000, interval: 100 });
}

/** Fetches a challenge from the app and solves it as the browser widget would. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const challenge = (await app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the captcha');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

/** Mails the app wrote to DATA_DIR/mail (no SMTP_URL in tests), oldest first. */
export function mailsTo(t: TestApp, to: string): CapturedMail[] {
  const dir = path.join(t.dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => parseEml(readFileSync(path.join(dir, file), 'utf8')))
    .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
}

export function lastLink(t: TestApp, to: string, route: string): string {
  const mail = mailsTo(t, to).at(-1);
  const match = mail?.text.match(new RegExp(`http://rackdesk\\.test/${route}/([\\w-]+)`));
  if (!match) throw new Error(`no ${route} link mailed to ${to}`);
  return match[1]!;
}

function parseEml(raw: string): CapturedMail {
  const [head = '', ...bodyParts] = raw.split('\n\n');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '';
  // Undo quoted-printable soft breaks and escapes, enough for the links and codes we read.
  const text = bodyParts
    .join('\n\n')
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return { to: header('To'), subject: header('Subject'), text };
}

/** Creates a service straight in the database, with the base catalogue in place. */
export async function createService(
  t: TestApp,
  userId: number,
  values: Partial<typeof services.$inferInsert> = {},
): Promise<ServiceRow> {
  await seedCatalog(t.database.db);
  const [row] = await t.database.db
    .insert(services)
    .values({
      userId,
      productId: DemoProduct.dw4gNewYork,
      domain: `svc-${uniqueEmail('host').split('@')[0]}.example`,
      status: 'Active',
      recurringAmountCents: 1000,
      nextDueDate: '2030-01-01',
      ...values,
    })
    .returning();
  return row!;
}

/** Sub-account permissions with everything off, to switch on what a test needs. */
export const noPermissions = { order: false, services: false, billing: false, support: false };
export const allPermissions = { order: true, services: true, billing: true, support: true };

/** The body of a new sub-account (POST sub-accounts): a fresh address, default rights, every service. */
export const subAccountBody = (overrides: object = {}) => ({
  firstname: 'Sam',
  lastname: 'Sub',
  email: uniqueEmail('sub'),
  companyname: '',
  password: 'sub-account-password',
  permissions: SUB_ACCOUNT_DEFAULTS.permissions,
  service_whitelist: null,
  email_notifications: SUB_ACCOUNT_DEFAULTS.email_notifications,
  ...overrides,
});

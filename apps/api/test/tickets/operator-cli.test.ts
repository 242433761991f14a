import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ErrorCode } from '@rackdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorUsage, runOperatorCommand } from '../../src/operator/operator-command.ts';
import { UsersRepository } from '../../src/modules/users/users.repository.ts';
import { createUser, loginToken } from '../support/fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { supportApi } from '../support/tickets.ts';

const run = promisify(execFile);
const apiDir = path.resolve(import.meta.dirname, '../..');

/** `npm run operator -- add|remove EMAIL`: the operator role of support staff. */
describe('operator CLI', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const roleOf = async (email: string) => (await new UsersRepository(t.database.db).findByEmail(email))!.role;

  it('gives and takes the operator role, which opens and closes the operator API', async () => {
    const user = await createUser(t, { email: 'Helpdesk.Person@example.com' });
    const token = await loginToken(t.app, user.email, user.password);
    const operatorList = () => supportApi(t)(token, 'GET', '/operator/support');
    expect((await operatorList()).json().error).toBe(ErrorCode.operatorOnly);

    expect(await runOperatorCommand(t.database.db, ['add', 'helpdesk.person@EXAMPLE.com'])).toEqual({
      code: 0,
      message: 'Helpdesk.Person@example.com is now support staff (the operator role).',
    });
    expect(await roleOf(user.email)).toBe('operator');
    expect((await operatorList()).statusCode).toBe(200);
    expect((await runOperatorCommand(t.database.db, ['add', user.email])).code).toBe(0);

    expect(await runOperatorCommand(t.database.db, ['remove', user.email])).toEqual({
      code: 0,
      message: 'Helpdesk.Person@example.com is no longer support staff.',
    });
    expect(await roleOf(user.email)).toBe('customer');
    expect((await operatorList()).statusCode).toBe(403);
  });

  it('refuses an unknown e-mail, a sub-account and wrong usage with a message and a non-zero code', async () => {
    const owner = await createUser(t);
    const sub = await createUser(t, { parentId: owner.id });
    expect(await runOperatorCommand(t.database.db, ['add', 'nobody@example.com'])).toEqual({
      code: 1,
      message: 'No account has the e-mail address nobody@example.com.',
    });
    expect((await runOperatorCommand(t.database.db, ['add', sub.email])).code).toBe(1);
    expect(await roleOf(sub.email)).toBe('customer');
    for (const args of [[], ['add'], ['grant', owner.email], ['add', owner.email, 'extra']]) {
      expect(await runOperatorCommand(t.database.db, args)).toEqual({ code: 2, message: operatorUsage });
    }
    expect(await roleOf(owner.email)).toBe('customer');
  });

  it('runs as a command in the configured database: its message on the console and its exit code', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rackdesk-operator-cli-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    try {
      const cli = (...args: string[]) =>
        run('node', ['--import', 'tsx', 'src/operator/cli.ts', ...args], { cwd: apiDir, env }).then(
          ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
          (error: { code: number; stdout: string; stderr: string }) => error,
        );
      const unknown = await cli('add', 'nobody@example.com');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No account has the e-mail address nobody@example.com.');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

import { SUB_ACCOUNT_DEFAULTS } from '@rackdesk/contract';
import type { AppContext } from '../app-context.ts';
import type { Config } from '../config.ts';
import { hashPassword } from '../lib/passwords.ts';
import { SshKeysRepository } from '../modules/ssh-keys/ssh-keys.repository.ts';
import { UsersRepository } from '../modules/users/users.repository.ts';
import { seedCatalog } from './catalog.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { seedDemoCredentials } from './demo-credentials.ts';
import { demoAccounts, demoSshKey } from './demo-accounts.ts';
import { seedDemoServices } from './demo-services.ts';
import { demoStaff, seedDemoSupport } from './demo-support.ts';
import { SecretBox } from '../lib/secret-box.ts';

const profile = {
  address1: '100 Demo Street',
  city: 'New York',
  state: 'NY',
  postcode: '10001',
  country: 'US',
  phonenumber: '+1 212 555 0100',
};

/**
 * Creates the demo data of API.md in one transaction. Returns false when the demo owner already
 * exists, so running it twice changes nothing.
 */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  return ctx.database.db.transaction(async (tx) => {
    const users = new UsersRepository(tx);
    if (await users.findByEmail(demoAccounts.owner.email)) return false;
    await seedCatalog(tx);
    const verifiedAt = new Date();
    const owner = await users.create({
      email: demoAccounts.owner.email,
      passwordHash: await hashPassword(demoAccounts.owner.password),
      firstname: 'Dana',
      lastname: 'Demo',
      companyname: 'Demo Hosting Co.',
      ...profile,
      emailVerifiedAt: verifiedAt,
    });
    const { whitelist, ticketServiceId } = await seedDemoServices(tx, owner.id);
    const staff = await users.create({
      email: demoStaff.email,
      passwordHash: await hashPassword(demoStaff.password),
      firstname: demoStaff.firstname,
      lastname: demoStaff.lastname,
      role: 'operator',
      emailVerifiedAt: verifiedAt,
    });
    await seedDemoSupport(tx, {
      ownerId: owner.id,
      staffId: staff.id,
      ticketServiceId,
      store: ctx.attachments,
      secrets: new SecretBox(ctx.config.appSecret),
    });
    await seedDemoBilling(tx, owner.id);
    await new SshKeysRepository(tx).create({ userId: owner.id, ...demoSshKey });
    await seedDemoCredentials(tx, owner.id);
    await users.create({
      email: demoAccounts.subAccount.email,
      passwordHash: await hashPassword(demoAccounts.subAccount.password),
      parentId: owner.id,
      firstname: 'Sam',
      lastname: 'Sub',
      permissions: SUB_ACCOUNT_DEFAULTS.permissions,
      emailNotifications: SUB_ACCOUNT_DEFAULTS.email_notifications,
      serviceWhitelist: whitelist,
      emailVerifiedAt: verifiedAt,
    });
    await users.create({
      email: demoAccounts.unverified.email,
      passwordHash: await hashPassword(demoAccounts.unverified.password),
      firstname: 'Nina',
      lastname: 'New',
    });
    await users.create({
      email: demoAccounts.twoFactor.email,
      passwordHash: await hashPassword(demoAccounts.twoFactor.password),
      firstname: 'Toni',
      lastname: 'Twofactor',
      ...profile,
      emailVerifiedAt: verifiedAt,
      twoFactorMethod: 'google_authenticator',
      totpSecret: demoAccounts.twoFactor.totpSecret,
    });
    return true;
  });
}

/**
 * On start: seeds the embedded database (SEED_DEMO=auto), any database (true) or none (false).
 * Returns whether the demo accounts are there to be printed.
 */
export async function seedDemoIfWanted(ctx: AppContext, config: Config): Promise<boolean> {
  if (config.seedDemo === 'never') return false;
  if (config.seedDemo === 'auto' && ctx.database.kind !== 'pglite') return false;
  await seedDemo(ctx);
  return true;
}

export function printDemoCredentials(publicUrl: string) {
  const rows = [
    ['owner', demoAccounts.owner.email, demoAccounts.owner.password],
    ['sub-account', demoAccounts.subAccount.email, demoAccounts.subAccount.password],
    ['unverified owner', demoAccounts.unverified.email, demoAccounts.unverified.password],
    ['owner with 2FA', demoAccounts.twoFactor.email, demoAccounts.twoFactor.password],
    ['support staff', demoStaff.email, demoStaff.password],
  ];
  const lines = [
    '',
    `Rackdesk demo is ready on ${publicUrl}`,
    ...rows.map(([role, email, password]) => `  ${role!.padEnd(17)} ${email!.padEnd(20)} ${password}`),
    `  2FA secret (authenticator app, TOTP): ${demoAccounts.twoFactor.totpSecret}`,
    '  Mails are written to DATA_DIR/mail as .eml files unless SMTP_URL is set.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

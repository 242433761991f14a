import { API_TOKEN_PREFIX } from '@rackdesk/contract';
import type { DbOrTx } from '../db/client.ts';
import { apiTokens, sessions } from '../db/schema/index.ts';
import { randomToken, sha256 } from '../lib/tokens.ts';

const hour = 60 * 60 * 1000;
const ago = (hours: number) => new Date(Date.now() - hours * hour);

/**
 * What a customer who has used the panel for a while has on the Security and API Tokens tabs: a
 * read-only token a monitoring script calls every few minutes, and a browser on another computer
 * still signed in. Their secrets are random and thrown away: no one can use them.
 */
export async function seedDemoCredentials(db: DbOrTx, ownerId: number): Promise<void> {
  await db.insert(apiTokens).values({
    userId: ownerId,
    description: 'Uptime monitor (read-only)',
    tokenHash: sha256(`${API_TOKEN_PREFIX}${randomToken()}`),
    scope: 'read',
    createdAt: ago(24 * 47),
    lastUsedAt: ago(0.1),
    lastUsedIp: '203.0.113.77',
  });
  await db.insert(sessions).values({
    userId: ownerId,
    tokenHash: sha256(randomToken()),
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
    ipAddress: '198.51.100.23',
    createdAt: ago(24 * 6),
    lastUsedAt: ago(26),
    expiresAt: new Date(Date.now() + 24 * 24 * hour),
  });
}

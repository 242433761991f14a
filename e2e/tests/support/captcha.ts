import { pbkdf2Sync } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

interface Challenge {
  parameters: {
    algorithm: string;
    cost: number;
    keyLength?: number;
    keyPrefix: string;
    nonce: string;
    salt: string;
  };
  signature?: string;
}

const digests: Record<string, string> = {
  'PBKDF2/SHA-256': 'sha256',
  'PBKDF2/SHA-384': 'sha384',
  'PBKDF2/SHA-512': 'sha512',
};

/**
 * Solves the captcha's proof of work as its widget does (PBKDF2 over the nonce followed by a
 * big-endian 32-bit counter, until the key starts with the prefix), for registering through the API.
 */
export async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/captcha/challenge');
  const challenge = (await response.json()) as Challenge;
  const { algorithm, cost, keyLength = 32, keyPrefix, nonce, salt } = challenge.parameters;
  const digest = digests[algorithm];
  if (!digest) throw new Error(`unexpected captcha algorithm ${algorithm}`);
  const nonceBytes = Buffer.from(nonce, 'hex');
  const saltBytes = Buffer.from(salt, 'hex');
  const password = Buffer.alloc(nonceBytes.length + 4);
  nonceBytes.copy(password);
  const prefix = keyPrefix.toLowerCase();
  const started = Date.now();
  for (let counter = 0; counter < 2 ** 32; counter += 1) {
    password.writeUInt32BE(counter, nonceBytes.length);
    const key = pbkdf2Sync(password, saltBytes, cost, keyLength, digest).toString('hex');
    if (key.startsWith(prefix)) {
      const solution = { counter, derivedKey: key, time: Date.now() - started };
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    }
  }
  throw new Error('captcha not solved');
}

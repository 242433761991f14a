import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The data directory the config hands to the API (playwright.config.ts chooses it per run). */
export const DATA_DIR =
  process.env.RACKDESK_E2E_DATA_DIR ??
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '.data');

export const demo = { email: 'demo@example.com', password: 'demo-password', firstName: 'Dana' };
export const sub = { email: 'sub@example.com', password: 'sub-password', name: 'Sam Sub' };
export const twoFactor = {
  email: '2fa@example.com',
  password: '2fa-password',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

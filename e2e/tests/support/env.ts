import { ownServer } from '../../servers.ts';

/** The data directory of this worker's server (playwright.config.ts gives each worker its own). */
export const DATA_DIR = ownServer().dataDir;

export const demo = { email: 'demo@example.com', password: 'demo-password', firstName: 'Dana' };
export const sub = { email: 'sub@example.com', password: 'sub-password', name: 'Sam Sub' };
export const twoFactor = {
  email: '2fa@example.com',
  password: '2fa-password',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

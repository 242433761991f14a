/** The demo accounts of API.md; printed at start and used by the browser tests. */
export const demoAccounts = {
  owner: { email: 'demo@example.com', password: 'demo-password' },
  subAccount: { email: 'sub@example.com', password: 'sub-password' },
  unverified: { email: 'new@example.com', password: 'new-password' },
  /** An owner with authenticator-app 2FA; the secret is fixed so a demo user can add it to an app. */
  twoFactor: {
    email: '2fa@example.com',
    password: '2fa-password',
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  },
  /** Support staff (the operator role): answers tickets through the operator API. */
  staff: { email: 'staff@example.com', password: 'staff-password' },
} as const;

/** The demo owner's SSH key (API.md demo data), offered by the VPS v2 rebuild dialog. */
export const demoSshKey = {
  title: 'Dana laptop',
  publicKey:
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJj86pzwYSA9WoFgbFJpjwV1Jh08qh+wNcMp9sBSNQaf dana@demo-laptop',
} as const;

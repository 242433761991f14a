import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { defaultCredentials } from '@rackdesk/datacenter';
import { loadConfig } from '../config.ts';
import { startSimulatorIfNeeded } from './simulator.ts';

describe('the simulator the panel starts itself', () => {
  it('plays Proxmox with the configured token, and points the adapter at it with the same one', async () => {
    const token = 'ops@pve!demo=3d4b1c2e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
    const { config, simulator } = await startSimulatorIfNeeded(
      loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rackdesk-simulator-')),
        APP_SECRET: 'x'.repeat(40),
        DATACENTER_PORT: '0',
        DATACENTER_PROXMOX_TOKEN: token,
      }),
      pino({ level: 'silent' }),
    );
    try {
      const { url, tokenId, tokenSecret } = config.upstreams.proxmox;
      expect(`${tokenId}=${tokenSecret}`).toBe(token);
      const version = (authorization: string) =>
        fetch(`${url}/api2/json/version`, { headers: { authorization } }).then((r) => r.status);
      expect(await version(`PVEAPIToken=${token}`)).toBe(200);
      expect(await version(`PVEAPIToken=${token.replace('3d4b', '0000')}`)).toBe(401);
    } finally {
      await simulator?.close();
    }
  });
});

describe('the payment sandbox the panel points unset gateways at', () => {
  it('gives PayPal, Cryptomus and BitPay the simulator and its test credentials, and leaves set ones alone', async () => {
    const { config, simulator } = await startSimulatorIfNeeded(
      loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rackdesk-simulator-')),
        APP_SECRET: 'x'.repeat(40),
        DATACENTER_PORT: '0',
        BITPAY_TOKEN: 'operator-token',
      }),
      pino({ level: 'silent' }),
    );
    try {
      const { paypal, cryptomus, bitpay } = config.payments;
      expect(paypal).toEqual({ businessEmail: defaultCredentials.paypal.businessEmail, url: simulator!.url });
      expect(cryptomus).toEqual({ ...defaultCredentials.cryptomus, url: simulator!.url });
      expect(bitpay).toMatchObject({ token: 'operator-token', url: undefined });
      const page = await fetch(`${simulator!.url}/checkoutnow?token=none`);
      expect(page.status).toBe(404);
    } finally {
      await simulator?.close();
    }
  });
});

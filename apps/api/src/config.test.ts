import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded mode on port 8080 with a persistent generated secret', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rackdesk-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.mailDir).toBe(path.join(dataDir, 'mail'));
    expect(config.appSecret).toHaveLength(64);
    expect(readFileSync(path.join(dataDir, 'app-secret'), 'utf8')).toBe(config.appSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(config.appSecret);
  });

  it('reads the production settings', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://db/rackdesk',
      PUBLIC_URL: 'https://panel.example.com/',
      APP_SECRET: 'x'.repeat(40),
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
      SEED_DEMO: 'false',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://db/rackdesk',
      publicUrl: 'https://panel.example.com',
      trustProxy: ['10.0.0.1', '10.0.0.2'],
      seedDemo: 'never',
    });
  });

  it('refuses an invalid setting with a message naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty', APP_SECRET: 'x'.repeat(40) })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud', APP_SECRET: 'x'.repeat(40) })).toThrow(/LOG_LEVEL/);
  });

  it('runs jobs by default, and reads the job settings within the limits the queue accepts', () => {
    const secret = { APP_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).jobs).toEqual({
      workersEnabled: true,
      pollSeconds: 2,
      cronCheckSeconds: 30,
      heartbeatSeconds: 30,
      superviseSeconds: 30,
    });
    expect(
      loadConfig({
        ...secret,
        JOBS_ENABLED: 'false',
        JOBS_POLL_SECONDS: '0.5',
        JOBS_CRON_CHECK_SECONDS: '1',
        JOBS_HEARTBEAT_SECONDS: '10',
        JOBS_SUPERVISE_SECONDS: '2',
      }).jobs,
    ).toEqual({
      workersEnabled: false,
      pollSeconds: 0.5,
      cronCheckSeconds: 1,
      heartbeatSeconds: 10,
      superviseSeconds: 2,
    });
    expect(() => loadConfig({ ...secret, JOBS_POLL_SECONDS: '0.1' })).toThrow(/JOBS_POLL_SECONDS/);
    expect(() => loadConfig({ ...secret, JOBS_CRON_CHECK_SECONDS: '60' })).toThrow(/JOBS_CRON_CHECK_SECONDS/);
    // pg-boss refuses a heartbeat under 10 s.
    expect(() => loadConfig({ ...secret, JOBS_HEARTBEAT_SECONDS: '5' })).toThrow(/JOBS_HEARTBEAT_SECONDS/);
  });

  it('runs the billing cycle every ten minutes unless told otherwise, and follows a simulator started apart', () => {
    const secret = { APP_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).billing).toMatchObject({
      renewalDays: 7,
      suspendAfterDays: 3,
      cycleCron: '*/10 * * * *',
    });
    expect(loadConfig({ ...secret, BILLING_CYCLE_CRON: '0 * * * *' }).billing.cycleCron).toBe('0 * * * *');
    expect(loadConfig({ ...secret, BILLING_CYCLE_CRON: 'off' }).billing.cycleCron).toBeUndefined();
    expect(() => loadConfig({ ...secret, BILLING_CYCLE_CRON: 'hourly' })).toThrow(/BILLING_CYCLE_CRON/);
    expect(loadConfig(secret).simulator.url).toBeUndefined();
    expect(loadConfig({ ...secret, DATACENTER_URL: 'http://127.0.0.1:8190/' }).simulator.url).toBe(
      'http://127.0.0.1:8190',
    );
  });

  it('reads the token and sign-in the simulated Proxmox takes, with defaults in their own form', () => {
    const secret = { APP_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret).simulator.proxmox).toMatchObject({
      tokenId: 'rackdesk@pve!panel',
      secret: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      login: { username: 'root@pam' },
    });
    const custom = loadConfig({
      ...secret,
      DATACENTER_PROXMOX_TOKEN: 'ops@pve!demo=3d4b1c2e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
      DATACENTER_PROXMOX_LOGIN: 'ops@pve:s3cret:with:colons',
    }).simulator.proxmox;
    expect(custom).toEqual({
      tokenId: 'ops@pve!demo',
      secret: '3d4b1c2e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
      login: { username: 'ops@pve', password: 's3cret:with:colons' },
    });
    expect(() => loadConfig({ ...secret, DATACENTER_PROXMOX_TOKEN: 'ops@pve!demo=secret' })).toThrow(
      /DATACENTER_PROXMOX_TOKEN/,
    );
    expect(() => loadConfig({ ...secret, DATACENTER_PROXMOX_LOGIN: 'ops' })).toThrow(
      /DATACENTER_PROXMOX_LOGIN/,
    );
  });
});

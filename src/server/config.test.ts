import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'spotbook-config-'));

describe('loadConfig', () => {
  it('has working defaults: port 3000 on 127.0.0.1, PGlite, a generated secret kept in the data folder', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.appUrl).toBe('http://127.0.0.1:3000');
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(new ConfigError('JWT_SECRET is required when NODE_ENV=production'));
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).jwtSecret).toBe('x'.repeat(40));
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(new ConfigError('JWT_SECRET must be at least 32 characters long'));
    // Outside production a short secret (a test harness's) is accepted.
    expect(loadConfig({ JWT_SECRET: 'test-secret', DATA_DIR: tempDir() }).jwtSecret).toBe('test-secret');
  });

  it('explains a wrong value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: tempDir() })).toThrow(/PORT/);
  });

  it('treats empty variables as unset and lower-cases the admin e-mail', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: '', ADMIN_EMAIL: 'Boss@Station.TV', APP_URL: 'https://ads.example.com/' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin.email).toBe('boss@station.tv');
    expect(config.appUrl).toBe('https://ads.example.com');
  });
});

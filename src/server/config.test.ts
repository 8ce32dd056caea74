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

  it('gives webhook endpoints WEBHOOK_TIMEOUT_SECONDS to answer, 15 by default, and refuses one out of range', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).webhookTimeoutMs).toBe(15_000);
    expect(loadConfig({ DATA_DIR: tempDir(), WEBHOOK_TIMEOUT_SECONDS: '5' }).webhookTimeoutMs).toBe(5_000);
    expect(() => loadConfig({ DATA_DIR: tempDir(), WEBHOOK_TIMEOUT_SECONDS: '0' })).toThrow(
      new ConfigError('Invalid environment variable WEBHOOK_TIMEOUT_SECONDS: Too small: expected number to be >=1'),
    );
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

  it('keeps media in the data folder by default and reads an S3 bucket from STORAGE_URL', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).storage).toEqual({ kind: 'disk' });
    const config = loadConfig({
      DATA_DIR: tempDir(),
      STORAGE_URL: 's3://spotbook-media/station-a?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=true',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'spotbook-media',
      prefix: 'station-a/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(config.storageCredentials).toEqual({ accessKeyId: 'key', secretAccessKey: 'secret' });
    expect(loadConfig({ DATA_DIR: tempDir(), STORAGE_URL: 's3://media-bucket', AWS_REGION: 'us-west-2' }).storage).toMatchObject({
      bucket: 'media-bucket',
      region: 'us-west-2',
      endpoint: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    ['ftp://bucket', 'Invalid environment variable STORAGE_URL: unsupported scheme "ftp:": use s3://bucket?region=... (or unset for the data folder)'],
    ['s3://B_ucket', 'Invalid environment variable STORAGE_URL: "B_ucket" is not a valid bucket name'],
    ['s3://media-bucket?endpoint=localhost:9000', 'Invalid environment variable STORAGE_URL: endpoint must be an http:// or https:// address'],
    ['s3://media-bucket?forcePathStyle=yes', 'Invalid environment variable STORAGE_URL: forcePathStyle must be true or false'],
    ['s3://media-bucket?regoin=us-east-1', 'Invalid environment variable STORAGE_URL: unknown option "regoin" (known: endpoint, region, forcePathStyle)'],
    ['s3://key:secret@media-bucket', 'Invalid environment variable STORAGE_URL: must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY'],
  ])('refuses STORAGE_URL=%s at start-up with a clear message', (value, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), STORAGE_URL: value })).toThrow(new ConfigError(message));
  });

  it('refuses half a pair of S3 credentials', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), STORAGE_URL: 's3://media-bucket', AWS_ACCESS_KEY_ID: 'key' })).toThrow(
      new ConfigError("STORAGE_URL=s3://... needs both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or neither, for the AWS SDK's own credentials chain)"),
    );
  });
});

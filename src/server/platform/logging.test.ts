import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { loggerOptions, redactUrl } from './logging';

describe('redactUrl', () => {
  it('hides reset tokens in paths and tokens in query strings', () => {
    expect(redactUrl('/api/auth/reset-password/abc123?x=1')).toBe('/api/auth/reset-password/[redacted]?x=1');
    expect(redactUrl('/api/media/upload-progress/u1?token=secret&x=2')).toBe('/api/media/upload-progress/u1?token=[redacted]&x=2');
    expect(redactUrl('/api/users')).toBe('/api/users');
  });
});

describe('logged errors (audit finding 6)', () => {
  it('never carry the parameters of a failed query: no password hash, no personal details', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) });
    const log = pino(loggerOptions('info') as pino.LoggerOptions, sink);
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), { detail: 'Key (email)=(casey@example.com) already exists.', code: '23505' });
    const failed = new DrizzleQueryError('insert into "users" ("email", "password_hash") values ($1, $2)', ['casey@example.com', hash], cause);
    log.error({ err: failed }, 'request failed');
    const text = lines.join('');
    expect(text).toContain('request failed');
    expect(text).toContain('insert into');
    expect(text).not.toContain(hash);
    expect(text).not.toContain('casey@example.com');
  });
});

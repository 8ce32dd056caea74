import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { createTestApp, signUpBody } from '../../../test/support/app';
import { loggerOptions, redactUrl } from './logging';

describe('redactUrl', () => {
  it('hides reset tokens in paths and tokens in query strings', () => {
    expect(redactUrl('/api/auth/reset-password/abc123?x=1')).toBe('/api/auth/reset-password/[redacted]?x=1');
    expect(redactUrl('/api/media/upload-progress/u1?token=secret&x=2')).toBe('/api/media/upload-progress/u1?token=[redacted]&x=2');
    expect(redactUrl('/api/users')).toBe('/api/users');
  });
});

describe('logged errors (audit finding 6)', () => {
  it('never carry the parameters of a failed query: no password hash, no personal details (serializer)', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) });
    const log = pino(loggerOptions('info') as pino.LoggerOptions, sink);
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      detail: 'Key (email)=(casey@example.com) already exists.',
      code: '23505',
    });
    const failed = new DrizzleQueryError('insert into "users" ("email", "password_hash") values ($1, $2)', ['casey@example.com', hash], cause);
    log.error({ err: failed }, 'request failed');
    const text = lines.join('');
    expect(text).toContain('request failed');
    expect(text).toContain('insert into');
    expect(text).not.toContain(hash);
    expect(text).not.toContain('casey@example.com');
  });

  it('leave out the hash and personal values when a real insert fails in the app', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) });
    const t = await createTestApp({ logLevel: 'info' }, { logStream: sink });
    try {
      // A check the sign-up form does not know: the insert of the new user (with its argon2 hash) fails in the database.
      await t.database.db.execute(sql.raw(`alter table users add constraint logging_test_company_check check (company is distinct from 'Unstorable Ltd')`));
      const body = signUpBody({ company: 'Unstorable Ltd', phone: '+1 555 0199', firstName: 'Loggable' });
      const res = await t.inject({ method: 'POST', url: '/api/auth/register', payload: body });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Internal server error' });

      const text = lines.join('');
      const failure = lines.map((line) => JSON.parse(line) as { msg?: string; err?: { message?: string } }).find((entry) => entry.msg === 'unhandled error');
      expect(failure?.err?.message, text).toContain('insert into "users"');
      expect(text).toContain('logging_test_company_check');
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain(body.email);
      expect(text).not.toContain(body.password);
      expect(text).not.toContain(body.phone);
      expect(text).not.toContain('Loggable');
      expect(text).not.toContain('Unstorable Ltd');
    } finally {
      await t.close();
    }
  });
});

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';

const received: { to: string; raw: string }[] = [];

/** Retries an assertion until it passes or 5 s have gone by. */
const eventually = async (check: () => unknown) => {
  const deadline = performance.now() + 5000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
};
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the reset link to a real SMTP server and records it as sent', async () => {
    const { user } = await t.signUp();
    const res = await t.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    await eventually(() => expect(received.find((m) => m.to === user.email)).toBeTruthy());
    const message = received.find((m) => m.to === user.email);
    // Undo quoted-printable soft line breaks and escapes to read the bodies.
    const raw = message!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toMatch(/^Subject: Reset your Spotbook password$/m);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toMatch(/http:\/\/spotbook\.test\/reset-password\?token=[\w-]+/);
    await eventually(async () => expect((await t.mailTo(user.email))[0]?.status).toBe('sent'));
    expect((await t.mailTo(user.email))[0]?.attempts).toBe(1);
  });
});

describe('one sender per message', () => {
  it('sends a message once even when its delivery is queued several times (e.g. by two instances resuming)', async () => {
    const { user } = await t.signUp();
    await t.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    await eventually(async () => expect((await t.mailTo(user.email))[0]?.status).toBe('sent'));
    const [row] = await t.mailTo(user.email);
    await t.database.db.update(mailOutbox).set({ status: 'queued' }).where(eq(mailOutbox.id, row!.id));
    const before = received.filter((m) => m.to === user.email).length;
    await Promise.all([1, 2, 3].map(() => t.app.ctx.jobs.enqueue('mail.deliver', { outboxId: row!.id })));
    await eventually(async () => expect((await t.mailTo(user.email))[0]?.status).toBe('sent'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.filter((m) => m.to === user.email)).toHaveLength(before + 1);
  });
});

describe('mail when the SMTP server is unreachable', () => {
  it('still answers the request, retries, and records the failure', async () => {
    const broken = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const { user } = await broken.signUp();
      const res = await broken.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
      expect(res.statusCode).toBe(200);
      // The test config retries twice, after 20 and 40 ms: three attempts in all.
      await eventually(async () => expect((await broken.mailTo(user.email))[0]?.status).toBe('failed'));
      const [row] = await broken.mailTo(user.email);
      expect(row?.attempts).toBe(3);
      expect(row?.lastError).toEqual(expect.any(String));
    } finally {
      await broken.close();
    }
  });
});

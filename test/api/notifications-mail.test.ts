import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { submittedOrder } from '../support/ordering-fixtures';

const received: { to: string; raw: string }[] = [];
let smtp: SMTPServer;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw: raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const addSetting = async (app: TestApp, token: string, notification_type: string, recipient_email: string, is_active = true) => {
  const res = await app.inject({ method: 'POST', url: '/api/notifications/settings', token, payload: { notification_type, recipient_email } });
  expect(res.statusCode, res.body).toBe(201);
  if (!is_active) await app.inject({ method: 'PUT', url: `/api/notifications/settings/${res.json().id}`, token, payload: { is_active: false } });
};

const eventually = async (check: () => void | Promise<void>, timeoutMs = 5000) => {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 30));
    }
  }
};

describe('e-mail to notification recipients over SMTP', () => {
  it('mails the active recipients of a type, with text, HTML and a link to the order, and not the inactive ones', async () => {
    await addSetting(t, admin, 'estimate_status_change', 'orders-desk@station.example');
    await addSetting(t, admin, 'estimate_status_change', 'on-leave@station.example', false);
    await addSetting(t, admin, 'new_estimate', 'intake@station.example');
    const { order } = await submittedOrder(t, { name: 'Mailed order' });
    const res = await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin });
    expect(res.statusCode).toBe(200);

    await eventually(() => expect(received.find((m) => m.to === 'orders-desk@station.example')).toBeTruthy());
    const message = received.find((m) => m.to === 'orders-desk@station.example')!.raw;
    // The quotes make nodemailer encode the subject header; the outbox keeps it as sent.
    expect(message).toMatch(/^Subject: =\?UTF-8\?Q\?Spotbook=3A_Your_order_/m);
    expect(message).toMatch(/Content-Type: text\/plain/);
    expect(message).toMatch(/Content-Type: text\/html/);
    expect(message).toContain(`http://spotbook.test/app/estimates/${order.id}`);
    await eventually(() =>
      expect(received.find((m) => m.to === 'intake@station.example')?.raw).toMatch(/New order &quot;Mailed order&quot;|New order "Mailed order"/),
    );

    await eventually(async () => expect((await t.mailTo('orders-desk@station.example'))[0]?.status).toBe('sent'));
    expect((await t.mailTo('orders-desk@station.example'))[0]?.subject).toBe('Spotbook: Your order "Mailed order" was approved');
    await new Promise((r) => setTimeout(r, 300));
    expect(received.filter((m) => m.to === 'on-leave@station.example')).toEqual([]);
    expect(await t.mailTo('on-leave@station.example')).toEqual([]);
  });

  it('escapes order names in the HTML part', async () => {
    await addSetting(t, admin, 'new_estimate', 'escape@station.example');
    await submittedOrder(t, { name: '<b>Bold</b> & co' });
    await eventually(() => expect(received.find((m) => m.to === 'escape@station.example')).toBeTruthy());
    const [row] = await t.mailTo('escape@station.example');
    expect(row!.htmlBody).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; co');
    expect(row!.htmlBody).not.toContain('<b>Bold</b>');
  });
});

describe('when the SMTP server is unreachable', () => {
  it('still approves the order, notifies the owner and records the failed mail', async () => {
    const broken = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const brokenAdmin = await broken.adminToken();
      await addSetting(broken, brokenAdmin, 'estimate_status_change', 'nobody-home@station.example');
      const { owner, order } = await submittedOrder(broken);
      const res = await broken.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: brokenAdmin });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('approved');
      const list = await broken.inject({ method: 'GET', url: '/api/notifications', token: owner.token });
      await eventually(async () => expect((await broken.mailTo('nobody-home@station.example'))[0]?.status).toBe('failed'));
      expect(list.json().notifications[0]).toMatchObject({ status: 'approved' });
    } finally {
      await broken.close();
    }
  });
});

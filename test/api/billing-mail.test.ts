/** An invoice e-mail carries the invoice PDF: sent through a real (loopback) SMTP server, as test/api/mail.test.ts does. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { invoicedOrder } from '../support/billing-fixtures';
import { pdfText } from '../support/pdf-text';

const received: { to: string; raw: string }[] = [];
let smtp: SMTPServer;
let t: TestApp;

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

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
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

describe('POST /api/billing/:id/send over SMTP', () => {
  it('delivers the invoice e-mail with its PDF attached', async () => {
    const { owner, invoice } = await invoicedOrder(t);
    const res = await t.inject({
      method: 'POST',
      url: `/api/billing/${invoice.id}/send`,
      token: await t.adminToken(),
      payload: { custom_message: 'Thanks for your business' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(() => expect(received.find((m) => m.to === owner.email)).toBeTruthy());
    const raw = received.find((m) => m.to === owner.email)!.raw;
    expect(raw).toMatch(new RegExp(`^Subject: Invoice ${invoice.invoice_number} from Spotbook Station$`, 'm'));
    const filename = `invoice-${invoice.invoice_number}.pdf`;
    expect(raw).toMatch(new RegExp(`Content-Type: application/pdf; name=${filename}`));
    expect(raw).toMatch(new RegExp(`Content-Disposition: attachment; filename=${filename}`));
    // The attachment is the invoice's PDF (base64 between the part's headers and the next boundary).
    const part = raw.slice(raw.indexOf('Content-Type: application/pdf'));
    const body = part
      .slice(part.search(/\r?\n\r?\n/))
      .split(/\r?\n--/)[0]!
      .replace(/\s+/g, '');
    const pdf = Buffer.from(body, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toContain(invoice.invoice_number);
    await eventually(async () => expect((await t.mailTo(owner.email))[0]?.status).toBe('sent'));
  });
});

describe('the embedded (console) mail adapter', () => {
  it('keeps the attachment in the outbox and prints its name and size', async () => {
    const embedded = await createTestApp({ echoMail: true });
    const printed: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      const { owner, invoice } = await invoicedOrder(embedded);
      const res = await embedded.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: await embedded.adminToken(), payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await embedded.mailTo(owner.email);
      expect(row).toMatchObject({ status: 'stored', attachments: [{ filename: `invoice-${invoice.invoice_number}.pdf`, content_type: 'application/pdf' }] });
      const size = Buffer.from(row!.attachments![0]!.content_base64, 'base64').length;
      expect(printed.join('')).toContain(`Attached: invoice-${invoice.invoice_number}.pdf (application/pdf, ${size} bytes)`);
    } finally {
      spy.mockRestore();
      await embedded.close();
    }
  });
});

/**
 * The station logo (issue 30, finding 1): a damaged PNG used to be kept, and every later PDF then
 * ended the process (pdfkit throws the zlib error from a callback). A logo is now checked and a PNG
 * written again when saved, a broken one refused; and a broken logo already in the database (saved
 * before the check) is left out of every PDF route, which still answers, as does the server.
 */
import { deflateSync } from 'node:zlib';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationProfile } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { invoicedOrder } from '../support/billing-fixtures';
import { hasPoppler, renderPdf } from '../support/pdf-render';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/** A 16×16 RGBA PNG, all red, with `idat` as its image data (a valid zlib stream unless a test breaks it). */
const png = (idat?: Buffer, extra: Buffer[] = []) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(16, 0);
  header.writeUInt32BE(16, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: 16 }, () => Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 16 }, () => [255, 0, 0, 255]).flat())])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...extra,
    chunk('IDAT', idat ?? deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
const dataUrl = (bytes: Buffer, type = 'png') => `data:image/${type};base64,${bytes.toString('base64')}`;
/** The audit's logo: a PNG whose image data is not zlib ("incorrect header check"). */
const BROKEN = dataUrl(png(Buffer.from('this is not a zlib stream at all')));
const put = (logo: string | null) => t.inject({ method: 'PUT', url: '/api/station', token: admin, payload: { name: 'WSPT Channel 7', logo } });

describe('PUT /api/station with a logo', () => {
  it('refuses a damaged or truncated image with 400 and keeps the saved profile', async () => {
    expect((await put(null)).statusCode).toBe(200);
    const truncated = png();
    for (const logo of [
      BROKEN,
      dataUrl(truncated.subarray(0, truncated.length - 20)),
      dataUrl(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'jpeg'),
      dataUrl(Buffer.from('GIF89a')),
    ]) {
      const res = await put(logo);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Logo must be a PNG or JPEG image', field: 'logo' });
    }
    expect((await t.inject({ method: 'GET', url: '/api/station', token: admin })).json().logo).toBeNull();
  });

  it('keeps a valid PNG written again from its pixels, without its other chunks', async () => {
    const comment = chunk('tEXt', Buffer.from('Comment\0hello', 'latin1'));
    const res = await put(dataUrl(png(undefined, [comment])));
    expect(res.statusCode, res.body).toBe(200);
    const kept = Buffer.from((res.json().logo as string).split(',')[1]!, 'base64');
    expect(kept.includes(Buffer.from('tEXt'))).toBe(false);
    expect(kept.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
  });
});

describe('a broken logo already saved (before the check existed)', () => {
  it('is left out of every PDF, and the server keeps answering', async () => {
    const { owner, order, invoice } = await invoicedOrder(t);
    expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
    const note = await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/credit-notes`, token: admin, payload: { amount: 1, reason: 'Goodwill' } });
    expect(note.statusCode, note.body).toBe(201);
    const noteId = note.json().credit_note.id as string;
    await t.database.db.update(stationProfile).set({ logo: BROKEN }).where(eq(stationProfile.id, 1));

    const pdfRoutes: [string, string][] = [
      [`/api/billing/${invoice.id}/pdf`, admin],
      [`/api/my/invoices/${invoice.id}/pdf`, owner.token],
      [`/api/billing/credit-notes/${noteId}/pdf`, admin],
      [`/api/my/credit-notes/${noteId}/pdf`, owner.token],
      [`/api/estimates/${order.id}/affidavit`, owner.token],
      [`/api/estimates/${order.id}/affidavit`, admin],
    ];
    for (const [url, token] of pdfRoutes) {
      const res = await t.inject({ method: 'GET', url, token });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type'], url).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString(), url).toBe('%PDF-');
      if (hasPoppler) expect((await renderPdf(res.rawPayload)).text, url).toContain('WSPT Channel 7');
    }
    // Sending again renders the invoice PDF for the attachment.
    const resend = await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} });
    expect(resend.statusCode, resend.body).toBe(200);
    // Give any callback of the PDF decoder time to run: an uncaught throw would end this process.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

/**
 * Issue 30, finding 4 (decision 029): the station profile is audited, and an issued invoice keeps the
 * station and the billed party it was issued with. The audit's attack: after an invoice is sent, the
 * remit-to is changed to ACCT-ATTACKER-999 and the brand's legal name renamed; the invoice's PDF (both
 * routes), a resend's attachment and its credit note still print what was issued, and the change is
 * in the trail with who made it. A draft follows the live profile.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../src/server/db/schema';
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

const putStation = (remit: string, name = 'WSPT Channel 7') =>
  t.inject({ method: 'PUT', url: '/api/station', token: admin, payload: { name, remit_to: remit, email: 'billing@wspt.example' } });
const textOf = async (url: string, token = admin) => {
  const res = await t.inject({ method: 'GET', url, token });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return (await renderPdf(res.rawPayload)).flat;
};

describe('the station profile', () => {
  it('is audited: who changed the remit-to, from what to what', async () => {
    expect((await putStation('ACCT-GOOD-1')).statusCode).toBe(200);
    expect((await putStation('ACCT-ATTACKER-999')).statusCode).toBe(200);
    const trail = await t.inject({ method: 'GET', url: '/api/audit?entity=station', token: admin });
    expect(trail.statusCode, trail.body).toBe(200);
    const change = (
      trail.json().events as { action: string; actor_email: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[]
    ).find((e) => e.after?.remit_to === 'ACCT-ATTACKER-999');
    expect(change).toMatchObject({
      action: 'update',
      actor_email: 'admin@spotbook.test',
      before: { remit_to: 'ACCT-GOOD-1' },
      after: { remit_to: 'ACCT-ATTACKER-999' },
    });
  });
});

describe.skipIf(!hasPoppler)('an issued invoice', () => {
  it('prints the remit-to and billed party it was issued with, whatever changes after', async () => {
    expect((await putStation('ACCT-GOOD-1')).statusCode).toBe(200);
    const { owner, invoice } = await invoicedOrder(t);
    // A brand with orders cannot be edited through the API; the audit renamed it where it could (here, in the database).
    const rename = (legalName: string) => t.database.db.update(brands).set({ legalName }).where(eq(brands.id, owner.brand.id));
    await rename('Northwind Coffee LLC');
    const draft = await textOf(`/api/billing/${invoice.id}/pdf`);
    expect(draft).toContain('ACCT-GOOD-1');
    expect(draft).toContain('Northwind Coffee LLC');

    expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
    const note = await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/credit-notes`, token: admin, payload: { amount: 1, reason: 'Goodwill' } });
    expect(note.statusCode, note.body).toBe(201);

    expect((await putStation('ACCT-ATTACKER-999', 'Evil Station')).statusCode).toBe(200);
    await rename('Renamed Holdings');

    for (const [url, token] of [
      [`/api/billing/${invoice.id}/pdf`, admin],
      [`/api/my/invoices/${invoice.id}/pdf`, owner.token],
      [`/api/billing/credit-notes/${note.json().credit_note.id}/pdf`, admin],
    ] as const) {
      const text = await textOf(url, token);
      expect(text, url).toContain('ACCT-GOOD-1');
      expect(text, url).toContain('WSPT Channel 7');
      expect(text, url).not.toContain('ACCT-ATTACKER-999');
      expect(text, url).not.toContain('Evil Station');
      if (!url.includes('credit-notes')) expect(text, url).toContain('Northwind Coffee LLC');
      expect(text, url).not.toContain('Renamed Holdings');
    }
    const detail = (await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}`, token: admin })).json();
    expect(detail.brand_legal_name).toBe('Northwind Coffee LLC');

    // A resend's attachment is the invoice as issued.
    expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
    const outbox = (await t.database.db.execute('select attachments from mail_outbox order by created_at desc limit 1' as never)) as unknown as {
      rows: { attachments: { content_base64: string }[] }[];
    };
    const attached = (await renderPdf(Buffer.from(outbox.rows[0]!.attachments[0]!.content_base64, 'base64'))).flat;
    expect(attached).toContain('ACCT-GOOD-1');
    expect(attached).not.toContain('ACCT-ATTACKER-999');

    // A new draft follows the profile as it is now.
    const { invoice: fresh } = await invoicedOrder(t);
    expect(await textOf(`/api/billing/${fresh.id}/pdf`)).toContain('ACCT-ATTACKER-999');
  });
});

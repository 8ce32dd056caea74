import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { createInvoice } from '../support/billing-fixtures';
import { hasBrowser, openSignedIn, signIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { submittedOrder } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowser) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The password every fixture client signs up with (signUpBody). */
const CLIENT_PASSWORD = 'Client-Passw0rd';

describe.skipIf(!hasBrowser)('invoice corrections in the browser', () => {
  it('the admin credits part of a sent invoice; the advertiser sees the credit note and the new balance on their Billing page', async () => {
    const admin = await h.adminToken();
    const { owner, order } = await submittedOrder(h, { totalSpend: 5000, name: 'Autumn Credit' });
    expect((await h.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin })).statusCode).toBe(200);
    const invoice = await createInvoice(h, order.id);
    expect((await h.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);

    const page = await h.newPage();
    await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/admin/billing');
    // The spec's three tabs stay, with Ageing beside them.
    for (const tab of ['Overview', 'Invoices', 'Analytics', 'Ageing']) await page.getByRole('tab', { name: tab }).waitFor();
    await page.getByRole('tab', { name: 'Invoices' }).click();
    const row = page.getByRole('row', { name: new RegExp(invoice.invoice_number) });
    await row.getByText('$5,000.00').first().waitFor();
    await row.getByRole('button', { name: `Issue credit note for ${invoice.invoice_number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Issue Credit Note · ${invoice.invoice_number}` });
    await dialog.getByLabel('Credit amount').fill('1250');
    await dialog.getByRole('button', { name: 'Issue Credit Note' }).click();
    // The reason is required, as the server says.
    await dialog.getByText('Give a reason for the credit note').waitFor();
    await dialog.getByLabel('Reason').fill('Three spots missed in week one');
    await dialog.getByRole('button', { name: 'Issue Credit Note' }).click();
    await page.getByText(/Credit note CN-\d{4}-\d{6} issued successfully/).waitFor();
    await row.getByText('$3,750.00').waitFor();
    // A credited invoice can no longer be voided.
    expect(await row.getByRole('button', { name: `Void ${invoice.invoice_number}` }).count()).toBe(0);
    await row.getByRole('button', { name: `Details of ${invoice.invoice_number}` }).click();
    const detail = page.getByRole('dialog', { name: `Invoice ${invoice.invoice_number}` });
    await detail.getByText('Three spots missed in week one').waitFor();
    await detail.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Ageing' }).click();
    await page
      .getByRole('row', { name: new RegExp(owner.email) })
      .getByText('$3,750.00')
      .first()
      .waitFor();

    // The advertiser, on a phone-sized screen.
    const client = await h.newPage();
    await signIn(client, owner.email, CLIENT_PASSWORD);
    await client.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).first().click();
    await client.waitForURL('**/app/billing');
    await client.setViewportSize({ width: 390, height: 844 });
    await client.getByRole('heading', { name: 'Billing', exact: true }).waitFor();
    const invoiceRow = client.getByRole('row', { name: new RegExp(invoice.invoice_number) }).first();
    await invoiceRow.getByText('$3,750.00').waitFor();
    await invoiceRow.getByText('$1,250.00').waitFor();
    await invoiceRow.getByText('Sent', { exact: true }).waitFor();
    const noteRow = client.getByRole('row', { name: /CN-\d{4}-\d{6}/ });
    await noteRow.getByText('Three spots missed in week one').waitFor();
    await noteRow.getByText('$1,250.00').waitFor();
    const download = client.waitForEvent('download');
    await noteRow.getByRole('button', { name: /^Download PDF of CN-/ }).click();
    expect(
      readFileSync(await (await download).path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await client.getByText('PDF downloaded').waitFor();
    // Nothing sideways beyond the table's own scroller: the page itself fits 390 px.
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

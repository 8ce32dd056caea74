import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { hasBrowser, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { submittedOrder } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowser) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowser)('billing in the browser', () => {
  it('creates an invoice from an approved order, downloads its PDF, sends it and records its payment', async () => {
    const { owner, order } = await submittedOrder(h, { totalSpend: 5000, name: 'Spring Invoice' });
    expect((await h.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: await h.adminToken() })).statusCode).toBe(200);

    const page = await h.newPage();
    await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/admin/billing');
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    const create = page.getByRole('dialog', { name: 'Create Invoice' });
    await create
      .getByLabel('Approved Order')
      .selectOption({ label: await create.getByLabel('Approved Order').locator('option', { hasText: 'Spring Invoice' }).innerText() });
    await expect.poll(() => create.getByLabel('Payment Terms').inputValue()).toBe('Net 30 days');
    await create.getByLabel('Tax Rate (%)').fill('8.25');
    await create.getByRole('button', { name: 'Create Invoice' }).click();
    await page.getByText('Invoice created successfully').waitFor();

    await page.getByRole('tab', { name: 'Invoices' }).click();
    const row = page.getByRole('row', { name: /Spring Invoice/ });
    // $5,000 plus 8.25 % tax.
    await row.getByText('$5,412.50').first().waitFor();
    const number = (await row.getByRole('button', { name: /^Download PDF of / }).getAttribute('aria-label'))!.replace('Download PDF of ', '');

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download PDF of ${number}` }).click();
    const file = await (await download).path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByText('PDF downloaded').waitFor();

    await row.getByRole('button', { name: `Send ${number}` }).click();
    const send = page.getByRole('dialog', { name: `Send Invoice ${number}` });
    await send.getByLabel('Custom Message').fill('Thank you for booking with us.');
    await send.getByRole('button', { name: 'Send Invoice' }).click();
    await page.getByText('Invoice sent successfully').waitFor();
    await expect.poll(async () => (await h.mailTo(owner.email)).some((m) => m.textBody?.includes('Thank you for booking with us.'))).toBe(true);

    await row.getByRole('button', { name: `Record payment for ${number}` }).click();
    const pay = page.getByRole('dialog', { name: `Record Payment · ${number}` });
    await pay.getByLabel('Amount').fill('5412.50');
    await pay.getByRole('button', { name: 'Record Payment' }).click();
    await page.getByText('Payment recorded successfully').waitFor();
    // Paid: Send and Record Payment are no longer offered.
    await expect.poll(() => row.getByRole('button', { name: `Send ${number}` }).count()).toBe(0);
    await row.getByText('Paid', { exact: true }).waitFor();
  });
});

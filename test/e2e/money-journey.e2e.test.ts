/**
 * Issue 9's journey in the browser: the admin bills a broadcast month of what aired, sends the
 * invoice and credits part of it; the advertiser sees the credit note and the new balance on their
 * Billing page; the Audit screen shows each step with who did it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastFinishedBroadcastMonth } from '../../src/domain/broadcast-calendar';
import { addDays } from '../../src/domain/dates';
import { estimateItems, trafficSpots } from '../../src/server/db/schema';
import { ADMIN } from '../support/app';
import { hasBrowser, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { submittedOrder } from '../support/ordering-fixtures';
import { clockToday } from '../support/clock';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowser) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowser)('money, from airings to the audit trail', () => {
  it('bills a broadcast month, credits part of it, shows the advertiser the new balance and the auditor every step', async () => {
    const admin = await h.adminToken();
    const { owner, order } = await submittedOrder(h, { totalSpend: 5000, name: 'Journey Order' });
    expect((await h.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin })).statusCode).toBe(200);
    expect(
      (await h.inject({ method: 'PUT', url: `/api/estimates/${order.id}/billing-mode`, token: admin, payload: { billing_mode: 'monthly' } })).statusCode,
    ).toBe(200);
    // Four spots aired in the last finished broadcast month, as an as-run import leaves them.
    const month = lastFinishedBroadcastMonth(clockToday());
    const [item] = await h.database.db.select().from(estimateItems).where(eq(estimateItems.estimateId, order.id));
    await h.database.db.insert(trafficSpots).values(
      [3, 4, 10, 11].map((d, position) => {
        const airDate = addDays(month.start, d);
        const at = new Date(`${airDate}T06:00:00Z`);
        return {
          airDate,
          estimateId: order.id,
          estimateItemId: item!.id,
          daypartId: item!.daypartId,
          houseCode: randomUUID().slice(0, 8),
          durationSeconds: 30,
          breakAt: at,
          scheduledAt: at,
          position,
          status: 'aired' as const,
          airedAt: at,
        };
      }),
    );

    const page = await h.newPage();
    await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/admin/billing');
    await page.getByRole('button', { name: 'Bill broadcast month' }).click();
    const bill = page.getByRole('dialog', { name: 'Bill Broadcast Month' });
    await bill.getByText(`${month.label}:`).waitFor();
    await bill.getByRole('button', { name: 'Bill Month' }).click();
    await page.getByText('1 invoice created').waitFor();

    await page.getByRole('tab', { name: 'Invoices' }).click();
    const row = page.getByRole('row', { name: /Journey Order/ });
    const number = (await row.getByRole('button', { name: /^Details of / }).getAttribute('aria-label'))!.replace('Details of ', '');
    const total = (await h.inject({ method: 'GET', url: `/api/billing?search=${number}`, token: admin })).json().invoices[0].total_amount as number;
    expect(total).toBeGreaterThan(0);

    await row.getByRole('button', { name: `Send ${number}` }).click();
    await page
      .getByRole('dialog', { name: `Send Invoice ${number}` })
      .getByRole('button', { name: 'Send Invoice' })
      .click();
    await page.getByText('Invoice sent successfully').waitFor();

    await row.getByRole('button', { name: `Issue credit note for ${number}` }).click();
    const credit = page.getByRole('dialog', { name: `Issue Credit Note · ${number}` });
    await credit.getByLabel('Credit amount').fill('10');
    await credit.getByLabel('Reason').fill('One spot aired late');
    await credit.getByRole('button', { name: 'Issue Credit Note' }).click();
    await page.getByText(/Credit note CN-\d{4}-\d{6} issued successfully/).waitFor();
    const balance = (total - 10).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    await row.getByText(balance).first().waitFor();

    const client = await h.newPage();
    await openSignedIn(client, owner.email, 'Client-Passw0rd', '/app/billing');
    const invoiceRow = client.getByRole('row', { name: new RegExp(number) }).first();
    await invoiceRow.getByText(balance).first().waitFor();
    await client
      .getByRole('row', { name: /CN-\d{4}-\d{6}/ })
      .getByText('One spot aired late')
      .waitFor();

    await page.goto('/app/admin/audit');
    await page.getByLabel('Entity').selectOption({ label: 'Invoice' });
    const invoiceEvents = page.getByRole('row', { name: /Invoice · / });
    await invoiceEvents.filter({ hasText: 'Created' }).first().waitFor();
    await expect.poll(() => page.getByRole('table').innerText()).toMatch(/Status:\s*draft\s*→\s*sent/);
    await expect.poll(() => page.getByRole('table').innerText()).toMatch(/Credited:\s*\$0\.00\s*→\s*\$10\.00/);
    await page.getByLabel('Entity').selectOption({ label: 'Credit note' });
    const creditEvent = page.getByRole('row', { name: /Credit note · Created/ }).first();
    await creditEvent.waitFor();
    await expect.poll(() => creditEvent.innerText()).toContain(ADMIN.email);
    await expect.poll(() => creditEvent.innerText()).toContain('One spot aired late');
    await page.getByLabel('Entity').selectOption({ label: 'Spot' });
    await expect.poll(() => page.getByRole('row', { name: /Spot · Updated/ }).count()).toBeGreaterThanOrEqual(4);
  });
});

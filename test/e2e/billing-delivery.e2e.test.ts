/**
 * Billing on delivery in the browser (decision 014): the admin bills an order monthly on delivery
 * (order page), marks its advertiser as an agency (Users), bills the last finished broadcast month
 * (Billing & Invoicing) and reads the invoice's lines, commission and net due.
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

describe.skipIf(!hasBrowser)('billing on delivery in the browser', () => {
  it('bills a broadcast month of an agency’s monthly order and shows its lines, commission and net due', async () => {
    const { owner, order } = await submittedOrder(h, { totalSpend: 5000, name: 'Delivery Billing' });
    expect((await h.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: await h.adminToken() })).statusCode).toBe(200);
    // Three spots aired in the last finished broadcast month (as an as-run import leaves them).
    const month = lastFinishedBroadcastMonth(clockToday());
    const [item] = await h.database.db.select().from(estimateItems).where(eq(estimateItems.estimateId, order.id));
    await h.database.db.insert(trafficSpots).values(
      [7, 8, 9].map((d, position) => {
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
    await openSignedIn(page, ADMIN.email, ADMIN.password, `/app/estimates/${order.id}`);
    await page.getByLabel('Bill:').selectOption('monthly');
    await page.getByText('Billing mode set to monthly on delivery').waitFor();

    await page.goto('/app/admin/users');
    await page.getByRole('button', { name: `Agency settings of ${owner.email}` }).click();
    const agency = page.getByRole('dialog', { name: `Agency: ${owner.email}` });
    await agency.getByLabel('This account is an advertising agency').check();
    await expect.poll(() => agency.getByLabel('Commission rate (%)').inputValue()).toBe('15');
    await agency.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The account is an agency with a 15% commission').waitFor();
    await page
      .getByRole('button', { name: `Agency settings of ${owner.email}` })
      .getByText('Agency 15%')
      .waitFor();

    await page.goto('/app/admin/billing');
    await page.getByRole('button', { name: 'Bill broadcast month' }).click();
    const bill = page.getByRole('dialog', { name: 'Bill Broadcast Month' });
    expect(await bill.getByLabel('Broadcast month').inputValue()).toBe(month.month);
    await bill.getByText(`${month.label}:`).waitFor();
    await bill.getByRole('button', { name: 'Bill Month' }).click();
    await page.getByText('1 invoice created').waitFor();

    await page.getByRole('tab', { name: 'Invoices' }).click();
    const row = page.getByRole('row', { name: /Delivery Billing/ });
    await row.getByRole('button', { name: /^Details of / }).click();
    const detail = page.getByRole('dialog', { name: /^Invoice INV-/ });
    await detail.getByText(/: 3 spots aired/).waitFor();
    // 3 × $20.49 = $61.47; 15 % of it is 922.05 cents: $9.22; net $52.25.
    await detail.getByText('Agency commission (15%)').waitFor();
    await detail.getByText('-$9.22').waitFor();
    await detail.getByText('Net due').waitFor();
    await detail.getByText('$52.25').first().waitFor();
  });
});

import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { adcpMediaBuys, adcpTasks, brands, estimates, mediaAssets } from '../../src/server/db/schema';
import { ADMIN } from '../support/app';
import { hasBrowser, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { clockNow, clockToday } from '../support/clock';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowser) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowser)('ordering in the browser', () => {
  it('a client builds and submits a priced order; an admin approves it in Order Management', async () => {
    const admin = await h.adminToken();
    const coupon = await h.inject({
      method: 'POST',
      url: '/api/coupons',
      token: admin,
      payload: { code: 'SAVE10', name: 'Ten percent', discount_type: 'percentage_with_max', percentage_off: 10, max_discount_amount: 1000 },
    });
    expect(coupon.statusCode).toBe(201);

    const { user, password } = await h.signUp({ firstName: 'Olive', lastName: 'Orderer' });
    const page = await h.newPage();

    // A brand, through the Brands page.
    await openSignedIn(page, user.email, password, '/app/brands');
    await page.getByRole('button', { name: 'Add Brand' }).first().click();
    const brandForm = page.getByRole('dialog');
    await brandForm.getByLabel('Common Name').fill('Olive Oil Co');
    await brandForm.getByLabel('Legal Name').fill('Olive Oil Company LLC');
    await brandForm.getByRole('button', { name: 'Create Brand' }).click();
    await page.getByText('Brand created successfully').waitFor();
    const [brand] = await h.database.db.select().from(brands).where(eq(brands.ownerId, user.id));
    // Media upload has its own flow; the order only needs an asset of the brand whose video check
    // passed (approving the order approves it with it, decision 008).
    await h.database.db.insert(mediaAssets).values({
      brandId: brand!.id,
      uploadedBy: user.id,
      filename: 'olive-spot.mp4',
      mimeType: 'video/mp4',
      fileSize: 1_048_576,
      storageKey: 'test/olive-spot',
      processingStage: 'complete',
      processingProgress: 100,
    });

    // New Order creates a draft and lands on it in edit mode.
    await page.goto('/app/orders');
    await page.getByRole('button', { name: 'New Order' }).first().click();
    await page.waitForURL(/\/app\/estimates\/[0-9a-f-]+\?edit=true/);
    await page.getByLabel('Order Name').fill('Olive Holiday Push');
    await page.getByLabel('Brand').selectOption({ label: 'Olive Oil Co' });
    await page.getByLabel('Total Budget').fill('10000');

    // Early Morning starts at 1 spot a day in the form: 1366 × 1 × 5 / 1000 × 15 = $102.45 a week.
    await page.getByRole('checkbox', { name: 'Early Morning' }).check();
    await expectText(page, 'weekly-cost', '$102.45');
    await page.getByLabel('Spots per day for Early Morning').fill('10');
    await page.getByLabel('Spots per day for Early Morning').blur();
    await expectText(page, 'weekly-cost', '$1,024.50');
    // Weekend Evening, 30 spots on 2 days at $40: $3,278.40 more.
    await page.getByRole('checkbox', { name: 'Weekend Evening' }).check();
    await page.getByLabel('Spots per day for Weekend Evening').fill('30');
    await expectText(page, 'weekly-cost', '$4,302.90');
    await expectText(page, 'weekly-reach', '150,260');

    await page.getByRole('radio', { name: /olive-spot\.mp4/ }).check();

    await page.getByRole('button', { name: 'Add Card' }).click();
    await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry Month').fill('12');
    await page.getByLabel('Expiry Year').fill('2031');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Save Card' }).click();
    await page.getByText(/4242/).first().waitFor();

    await page.getByLabel('Coupon Code').fill('save10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('SAVE10 applied').waitFor();
    await expectText(page, 'total-due', '$9,000.00');

    await page.getByRole('button', { name: 'Submit Order' }).click();
    await page.getByRole('dialog').getByTestId('confirm-total-due').filter({ hasText: '$9,000.00' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit Order' }).click();
    await page.getByText('Order submitted for approval').waitFor();

    // The traffic desk approves it from Order Management (marked as a buy of an AdCP agent would be, decision 035).
    await h.database.db.update(estimates).set({ source: 'adcp', sourceName: 'Olive Buying Agent' }).where(eq(estimates.estimateName, 'Olive Holiday Push'));
    const adminPage = await h.newPage();
    await openSignedIn(adminPage, ADMIN.email, ADMIN.password, '/app/admin/approvals');
    await adminPage.getByText('via AdCP · Olive Buying Agent').waitFor();
    await adminPage.getByRole('button', { name: 'Change status of Olive Holiday Push' }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByLabel('New Status').selectOption('approved');
    await dialog.getByLabel('Note').fill('Looks good');
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await adminPage.getByText('Order status updated to Approved').waitFor();

    const orders = (await h.inject({ method: 'GET', url: '/api/estimates', token: admin })).json();
    const order = orders.find((o: { estimate_name: string }) => o.estimate_name === 'Olive Holiday Push');
    expect(order).toMatchObject({
      status: 'approved',
      total_spend: 10000,
      total_estimated_cost: 4302.9,
      discount_amount: 1000,
      total_amount: 9000,
      coupon_code: 'SAVE10',
      payment_last4: '4242',
    });

    // Had the agent asked to change the approved buy's budget, the desk sees it above the orders and rejects it.
    const [task] = await h.database.db
      .insert(adcpTasks)
      .values({ ownerId: order.owner_id, taskType: 'update_media_buy', status: 'submitted', estimateId: order.id })
      .returning();
    const previous = { start_date: order.start_date, end_date: order.end_date, total_budget: 10000 };
    const pendingChange = { task_id: task!.id, asked_at: clockNow().toISOString(), ...previous, total_budget: 12000, packages: [], previous };
    await h.database.db.insert(adcpMediaBuys).values({ estimateId: order.id, ownerId: order.owner_id, packages: [], pendingChange });
    await adminPage.reload();
    const changes = adminPage.getByRole('region', { name: 'Changes asked via AdCP' });
    await changes.getByText('Budget $10,000.00 → $12,000.00').waitFor();
    await changes.getByRole('button', { name: 'Reject change to Olive Holiday Push' }).click();
    await adminPage.getByText('Change to Olive Holiday Push rejected').waitFor();
    await changes.waitFor({ state: 'detached' });
    const [decided] = await h.database.db.select().from(adcpTasks).where(eq(adcpTasks.id, task!.id));
    expect(decided!.status).toBe('rejected');
  });
});

describe.skipIf(!hasBrowser)('order form checks and draft management in the browser', () => {
  it('Submit lists every problem of the form at once; a missing order says so', async () => {
    const { user, password } = await h.signUp({ firstName: 'Fern', lastName: 'Form' });
    const page = await h.newPage();
    await openSignedIn(page, user.email, password, '/app/orders');
    await page.getByRole('button', { name: 'New Order' }).first().click();
    await page.waitForURL(/\/app\/estimates\/[0-9a-f-]+\?edit=true/);

    await page.getByLabel('Start Date').fill(addDays(clockToday(), 3));
    await page.getByRole('button', { name: 'Submit Order' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'before submitting' });
    for (const message of [
      'Order name is required',
      'Please select a brand',
      'Start date must be at least 7 days from today for campaign planning',
      'Please add at least one time slot before submitting the order',
      'Total budget must be greater than 0',
      'Please select media before submitting the order',
      'Please select a payment method before submitting the order',
    ]) {
      await expect(summary.getByRole('link', { name: message, exact: true }).count(), message).resolves.toBe(1);
    }

    await page.getByLabel('Coupon Code').fill('');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Please enter a coupon code').waitFor();

    // The form has unsaved edits: the browser asks before leaving.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.goto('/app/estimates/00000000-0000-4000-8000-000000000000');
    await page.getByText('Estimate not found').first().waitFor();
  });

  it('shows the newest 200 orders, then more on request', async () => {
    const { user, password } = await h.signUp();
    await h.database.db.insert(estimates).values(Array.from({ length: 205 }, (_, i) => ({ ownerId: user.id, estimateName: `Bulk order ${i + 1}` })));
    const page = await h.newPage();
    await openSignedIn(page, user.email, password, '/app/orders');
    await page.getByText('200 orders').waitFor();
    await page.getByRole('button', { name: 'Show more orders' }).click();
    await page.getByText('205 orders').waitFor();
    expect(await page.getByRole('button', { name: 'Show more orders' }).count()).toBe(0);
  });

  it('asks for a selection before a bulk delete, and confirms before deleting', async () => {
    const { token } = await h.signUp();
    for (const name of ['Draft One', 'Draft Two']) {
      expect((await h.inject({ method: 'POST', url: '/api/estimates', token, payload: { estimate_name: name } })).statusCode).toBe(201);
    }
    const page = await h.newPage();
    await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/admin/drafts');
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    await page.getByText('Please select drafts to delete').waitFor();

    await page.getByRole('checkbox', { name: 'Select Draft One' }).check();
    await page.getByRole('button', { name: 'Delete Selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This action cannot be undone').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('checkbox', { name: 'Select Draft One' }).waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: 'Select Draft Two' }).waitFor();
  });
});

const expectText = async (page: Page, testId: string, text: string) => {
  await page.getByTestId(testId).filter({ hasText: text }).waitFor();
};

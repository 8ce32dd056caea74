import { afterAll, beforeAll, describe, it } from 'vitest';
import { hasBrowser, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { signUpBody } from '../support/app';
import { submittedOrder } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowser) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowser)('live notifications in the browser', () => {
  it("an admin approves an order while the client's page is open; the bell and a toast show it without reload", async () => {
    const { owner, order } = await submittedOrder(h, { name: 'Live Spring Promo' });
    const page = await h.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(signUpBody().password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/app/dashboard');
    await page.goto(`/app/estimates/${order.id}`);
    await page.getByText('Live Spring Promo').first().waitFor();
    await page.getByTestId('realtime-status').and(page.locator('[data-status="connected"]')).waitFor();

    const approve = await h.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: await h.adminToken(), payload: { notes: 'Approved live' } });
    if (approve.statusCode !== 200) throw new Error(approve.body);

    await page.getByText('Your order "Live Spring Promo" was approved').first().waitFor();
    await page.getByText('Approved', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Estimate: Live Spring Promo').waitFor();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Live', { exact: true }).waitFor();
  });
});

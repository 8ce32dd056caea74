/**
 * Issue 44's screen findings in the browser (decision 061): an order's impressions are not called
 * reach. (The revenue trend's window against the Period: issue-29.e2e.test.ts, item 9.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { hasBrowserForScreens, signIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { submittedOrder } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowserForScreens) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowserForScreens)('issue 44 screens', () => {
  it('an order’s summary and time slots say Weekly Impressions, never Weekly Reach', async () => {
    const { order } = await submittedOrder(h, { name: 'Impressions Not Reach' });
    const page = await h.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/app/estimates/${order.id}?readOnly=true`);
    await page.getByText('Weekly Impressions', { exact: true }).waitFor();
    await page.getByRole('columnheader', { name: 'Weekly impressions' }).waitFor();
    expect(await page.getByText(/weekly reach/i).count()).toBe(0);
  });
});

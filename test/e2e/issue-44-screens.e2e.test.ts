/**
 * Issue 44's screen findings in the browser (decision 061): an order's impressions are not called
 * reach; the order's Creative shows the spot's Ad-ID, booked length and running time, and warns of a
 * "30s" file that runs 0:06. (The revenue trend's window against the Period: issue-29.e2e.test.ts, item 9.)
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaAssets } from '../../src/server/db/schema';
import { ADMIN } from '../support/app';
import { hasBrowserForScreens, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
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
    await openSignedIn(page, ADMIN.email, ADMIN.password, `/app/estimates/${order.id}?readOnly=true`);
    await page.getByText('Weekly Impressions', { exact: true }).waitFor();
    await page.getByRole('columnheader', { name: 'Weekly impressions' }).waitFor();
    expect(await page.getByText(/weekly reach/i).count()).toBe(0);
  });

  it('the order’s Creative shows the Ad-ID, booked length and running time, and warns of a spot shorter than booked', async () => {
    const { order, owner } = await submittedOrder(h, { name: 'Short Creative' });
    await h.database.db.update(mediaAssets).set({ adId: 'SHRT1234000H', spotLength: 30, durationSeconds: 6 }).where(eq(mediaAssets.id, owner.media.id));
    const page = await h.newPage();
    await openSignedIn(page, ADMIN.email, ADMIN.password, `/app/estimates/${order.id}?readOnly=true`);
    const creative = page.getByRole('region', { name: 'Creative' });
    await creative.getByText('Ad-ID SHRT1234000H · booked 30s · runs 0:06').waitFor();
    expect(await creative.getByRole('status').innerText()).toMatch(/30/);
  });
});

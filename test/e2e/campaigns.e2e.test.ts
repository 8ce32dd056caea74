import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { hasBrowser, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { putOrder, submittedOrder } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  // The Demo button airs only with demo data (decision 031).
  if (hasBrowser) h = await startBrowserHarness({ demo: true });
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowser)('campaigns in the browser', () => {
  it('an activated order is an active campaign: the admin airs a demo spot, pauses and resumes it; its owner sees it', async () => {
    const { owner, order } = await submittedOrder(h, { name: 'Drive Time Push' });
    expect((await putOrder(h, await h.adminToken(), order.id, { status: 'active', notes: 'On air' })).statusCode).toBe(200);

    const page = await h.newPage();
    await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/campaigns');
    const row = page.getByRole('row', { name: /Drive Time Push/ });
    await row.getByText('Active', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Simulate an impression for Drive Time Push' }).click();
    // One weekday spot at $15 CPM, multiplier 1: 1,366 impressions for $20.49.
    await page.getByText(/^Impression recorded: 1,366 impressions, \$20\.49/).waitFor();
    await row.getByText('1,366').waitFor();

    await row.getByRole('button', { name: 'Pause Drive Time Push' }).click();
    await page.getByText('Campaign "Drive Time Push" paused').waitFor();
    await page.getByRole('tab', { name: 'Paused' }).click();
    // The Paused list has arrived (not the previous tab's rows still on screen) before Resume is pressed.
    await page
      .getByRole('tabpanel')
      .getByRole('row', { name: /Drive Time Push/ })
      .getByText('Paused', { exact: true })
      .waitFor();
    await page.getByLabel('Updating campaigns').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Resume Drive Time Push' }).click();
    await page.getByText('Campaign "Drive Time Push" resumed').waitFor({ timeout: 20_000 });

    const client = await h.newPage();
    await openSignedIn(client, owner.email, 'Client-Passw0rd', '/app/campaigns');
    const mine = client.getByRole('row', { name: /Drive Time Push/ });
    await mine.getByText('Active', { exact: true }).waitFor();
    expect(await mine.getByRole('button', { name: /Pause|Simulate/ }).count()).toBe(0);
    await mine.getByRole('link', { name: /View Details/ }).click();
    await client.waitForURL(/\/app\/campaigns\/[0-9a-f-]{36}$/);
    await client.getByText('1,366').first().waitFor();
    // The demo's airing is labelled as what it is, in the figures and on its day's row (decision 052).
    await client
      .getByTestId('simulated-note')
      .getByText(/1 simulated airing \(1,366 impressions, \$20\.49\) included above/)
      .waitFor();
    await client.getByRole('table', { name: 'Daily delivery' }).getByText('Simulated', { exact: true }).waitFor();
  });
});

/**
 * The desk reviews a schedule revision on the order page (issue 42, decision 064): it sees what changed line by
 * line and week by week, approves it, and the week grid shows the new schedule; the owner sees the decision.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../src/domain/dates';
import { formatDay } from '../../src/web/ui/order-display';
import { ADMIN } from '../support/app';
import { hasBrowserForScreens, keepScreenshot, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { clientWithBrand, createDaypart, createOrder, dateIn, putOrder } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowserForScreens) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowserForScreens)('a schedule revision on the order page', () => {
  it('shows the desk the differences; approving it updates the schedule and the owner sees the decision', async () => {
    const daypart = await createDaypart(h.database.db, { name: 'Review Morning' });
    const owner = await clientWithBrand(h);
    let monday = dateIn(8);
    while (weekdayOf(monday) !== 'Monday') monday = addDays(monday, 1);
    const order = await createOrder(h, owner.token, { estimate_name: 'Revised buy', brand_id: owner.brand.id, start_date: monday, total_spend: 100 });
    const schedule = (spots: number[]) => ({
      week_start_day: 'Monday',
      start_date: monday,
      end_date: addDays(monday, 13),
      lines: [
        {
          name: 'Breakfast',
          daypart_id: daypart.id,
          days: ['Monday', 'Wednesday', 'Friday'],
          start_time: '06:00',
          end_time: '07:00',
          spot_length: 30,
          rate: 125,
          spots_per_week: spots,
        },
      ],
    });
    expect((await h.inject({ method: 'PUT', url: `/api/estimates/${order.id}/schedule`, token: owner.token, payload: schedule([3, 3]) })).statusCode).toBe(200);
    expect((await putOrder(h, owner.token, order.id, { media_asset_id: owner.media.id, payment_method_id: owner.card.id, status: 'ordered' })).statusCode).toBe(
      200,
    );
    const proposed = await h.inject({ method: 'POST', url: `/api/estimates/${order.id}/schedule/revisions`, token: owner.token, payload: schedule([3, 5]) });
    expect(proposed.statusCode, proposed.body).toBe(201);

    const page = await h.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(page, ADMIN.email, ADMIN.password, `/app/estimates/${order.id}`);
    const revisions = page.getByRole('region', { name: 'Schedule revisions' });
    const revision = revisions.getByRole('article', { name: 'Revision 1' });
    await revision.getByText('Waiting for approval').waitFor();
    // 6 spots → 8 at $125: $750.00 → $1,000.00; the second week goes from 3 to 5.
    await revision.getByText('6 → 8 spots · $750.00 → $1,000.00').waitFor();
    const row = revision.getByRole('row', { name: new RegExp(`Spots, week of ${formatDay(addDays(monday, 7))}`) });
    expect(await row.getByRole('cell').allTextContents()).toEqual(['Breakfast', `Changed: Spots, week of ${formatDay(addDays(monday, 7))}`, '3', '5']);
    const grid = page.getByRole('region', { name: 'Weekly schedule' });
    await grid
      .getByRole('row', { name: /^Total/ })
      .getByText('$750.00')
      .waitFor();
    await keepScreenshot(page, 'test-results/screenshots/schedule/order-revision-pending.png');

    await revision.getByLabel('Notes for revision 1 (optional)').fill('Fits the log');
    await revision.getByRole('button', { name: 'Approve revision 1' }).click();
    await page.getByText('Revision 1 approved: the schedule is changed').first().waitFor();
    await revision.getByText('Approved', { exact: true }).waitFor();
    await revision.getByText('Desk’s notes: Fits the log').waitFor();
    expect(await revision.getByRole('button', { name: 'Approve revision 1' }).count()).toBe(0);
    // The week grid follows at once: 3 + 5 spots, $1,000.00.
    const total = grid.getByRole('row', { name: /^Total/ });
    await total.getByText('$1,000.00').waitFor();
    expect(await total.getByRole('cell').allTextContents()).toEqual(['Total', '8', '8', '$1,000.00']);
    await keepScreenshot(page, 'test-results/screenshots/schedule/order-revision-approved.png');
    await page.close();

    // The owner sees the decision on their order page, without approve or reject.
    const ownerPage = await h.newPage();
    await ownerPage.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(ownerPage, owner.email, 'Client-Passw0rd', `/app/estimates/${order.id}`);
    const theirs = ownerPage.getByRole('region', { name: 'Schedule revisions' }).getByRole('article', { name: 'Revision 1' });
    await theirs.getByText('Approved', { exact: true }).waitFor();
    expect(await theirs.getByRole('button').count()).toBe(0);
    expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await ownerPage.close();
  });
});

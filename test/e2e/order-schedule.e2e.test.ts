/**
 * The order page's week grid (issue 42, decision 056): the owner of an agency buy of a quarter (13 weeks)
 * sees each line's spots week by week and the totals, and the grid fits the page at 1440×900 and 390×844
 * (no sideways scroll: on a phone each line is a card).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekdayOf } from '../../src/domain/dates';
import { hasBrowserForScreens, keepScreenshot, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { clientWithBrand, createDaypart, createOrder, dateIn } from '../support/ordering-fixtures';
import { formatDay } from '../../src/web/ui/order-display';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowserForScreens) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowserForScreens)('the week grid on screen', () => {
  it("shows a quarter's schedule line by line and week by week, within the page", async () => {
    const daypart = await createDaypart(h.database.db, { name: 'Grid Morning' });
    const owner = await clientWithBrand(h);
    const order = await createOrder(h, owner.token, { estimate_name: 'Quarter buy', brand_id: owner.brand.id, start_date: dateIn(8), total_spend: 100 });
    const weeks = 13;
    const put = await h.inject({
      method: 'PUT',
      url: `/api/estimates/${order.id}/schedule`,
      token: owner.token,
      payload: {
        week_start_day: weekdayOf(dateIn(14)),
        start_date: dateIn(14),
        end_date: dateIn(14 + 7 * weeks - 1),
        lines: [
          {
            name: 'Morning news',
            daypart_id: daypart.id,
            days: ['Monday', 'Wednesday', 'Friday'],
            start_time: '06:00',
            end_time: '07:00',
            spot_length: 30,
            rate: 125,
            spots_per_week: Array.from({ length: weeks }, (_, i) => (i === 3 ? 0 : 3)),
          },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);

    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      const page = await h.newPage();
      await page.setViewportSize({ width, height });
      await openSignedIn(page, owner.email, 'Client-Passw0rd', `/app/estimates/${order.id}`);
      const card = page.getByRole('region', { name: 'Weekly schedule' });
      await card.getByText('Morning news', { exact: true }).first().waitFor();
      // 12 weeks of 3 spots at $125 (one hiatus week): 36 spots, $4,500.00.
      await card.getByText('$4,500.00').first().waitFor();
      const box = card.getByRole('group', { name: 'Spots per week of each line' });
      expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `the grid fits at ${width}`).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await keepScreenshot(page, `test-results/screenshots/schedule/order-schedule-${width}.png`);
      await page.close();
    }
  });

  it('edits a line week by week from the keyboard, the totals following each keystroke, and saves it', async () => {
    const daypart = await createDaypart(h.database.db, { name: 'Grid Edit Morning' });
    const owner = await clientWithBrand(h);
    const order = await createOrder(h, owner.token, { estimate_name: 'Two-week buy', brand_id: owner.brand.id, start_date: dateIn(8), total_spend: 100 });
    const put = await h.inject({
      method: 'PUT',
      url: `/api/estimates/${order.id}/schedule`,
      token: owner.token,
      payload: {
        week_start_day: weekdayOf(dateIn(14)),
        start_date: dateIn(14),
        end_date: dateIn(27),
        lines: [
          {
            name: 'Breakfast',
            daypart_id: daypart.id,
            days: ['Monday', 'Wednesday'],
            start_time: '06:00',
            end_time: '07:00',
            spot_length: 30,
            rate: 125,
            spots_per_week: [5, 3],
          },
        ],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const page = await h.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(page, owner.email, 'Client-Passw0rd', `/app/estimates/${order.id}`);
    const card = page.getByRole('region', { name: 'Weekly schedule' });
    // 8 spots at $125.00: $1,000.00.
    await card.getByText('$1,000.00').first().waitFor();
    await card.getByRole('button', { name: 'Edit weeks' }).focus();
    await page.keyboard.press('Enter');
    const first = card.getByRole('spinbutton', { name: `Breakfast, week of ${formatDay(dateIn(14))}` });
    await first.waitFor();
    // The first week's field takes the focus; Tab goes on to the next week.
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('6');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('4');
    // Live: 10 spots at $125.00 = $1,250.00, before anything is saved.
    const total = card.getByRole('row', { name: /^Total/ });
    await total.getByText('$1,250.00').waitFor();
    expect(await total.getByRole('cell').allTextContents()).toEqual(['Total', '10', '10', '$1,250.00']);
    await card.getByRole('button', { name: 'Save weeks' }).click();
    await card.getByRole('status').getByText('Weekly schedule saved').waitFor();
    // The order form's summary takes the schedule's gross as the budget at once, without a reload.
    const budget = page.getByRole('complementary', { name: 'Order summary' }).getByTestId('total-budget');
    await budget.getByText('$1,250.00').waitFor();
    const saved = await h.inject({ method: 'GET', url: `/api/estimates/${order.id}/schedule`, token: owner.token });
    expect(saved.json().schedule.lines[0].spots_per_week).toEqual([6, 4]);
    expect(saved.json().schedule.gross).toBe(1250);
    await keepScreenshot(page, 'test-results/screenshots/schedule/order-schedule-edit.png');
    await page.close();
  });
});

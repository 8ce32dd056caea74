/** The traffic desk preempts and moves a spot from the Traffic Log with the keyboard alone (issue 44, decision 058). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { hasBrowser, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { createDaypart, dateIn, submittedOrder } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowser) h = await startBrowserHarness({ trafficHorizonDays: 14 });
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowser)('the traffic desk acts on one spot', () => {
  it('preempts a spot and moves another from their rows, with the keyboard, a confirmation and a toast', async () => {
    const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    const daypart = await createDaypart(h.database.db, { name: 'Desk News', startTime: '06:00', endTime: '08:00', daysOfWeek: everyDay, spotFrequency: 10 });
    const { order } = await submittedOrder(h, { name: 'Desk Launch', daypartId: daypart.id, spots: 2 });
    expect((await h.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: await h.adminToken() })).statusCode).toBe(200);
    await h.app.ctx.stationClock.tick();
    const day = dateIn(8);

    const page = await h.newPage();
    await openSignedIn(page, ADMIN.email, ADMIN.password, `/app/admin/traffic?date=${day}`);
    const section = page.getByRole('region', { name: 'Desk News' });
    await expect.poll(() => section.getByRole('row').filter({ hasText: 'Desk Launch' }).count()).toBe(2);

    // Preempt: the row's button, reached by focus and Enter; the reason typed; Tab to the confirmation.
    await section.getByRole('button', { name: /^Preempt .* at 6:00:00 AM$/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Preempt spot' });
    await dialog.waitFor();
    await page.keyboard.type('Breaking news');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Preempt spot');
    await page.keyboard.press('Enter');
    await page.getByText('The spot was preempted').waitFor();
    await expect.poll(() => section.getByText('Preempted', { exact: true }).count()).toBe(1);
    expect(await section.getByText('Breaking news').count()).toBe(1);

    // Move the other spot to 07:30 the same day: the day field has focus, Tab to the time.
    const second = section.getByRole('button', { name: /^Move .* at / });
    await second.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Move spot' }).waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('date');
    await page.getByLabel('Time').fill('07:30:00');
    await page.getByLabel('Time').press('Enter');
    await page.getByText(/The spot was moved to/).waitFor();
    await expect.poll(() => section.getByText('7:30:00 AM').count()).toBe(1);
    expect(await section.getByText('Moved', { exact: true }).count()).toBe(1);
  });
});

import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { hasBrowser, signIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { createDaypart, dateIn, submittedOrder } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowser) h = await startBrowserHarness({ trafficHorizonDays: 14 });
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowser)('the traffic log in the browser', () => {
  it("an admin opens the Traffic Log, sees the day's spots by daypart, and downloads the CSV and the BXF", async () => {
    const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    const daypart = await createDaypart(h.database.db, { name: 'Breakfast News', startTime: '06:00', endTime: '08:00', daysOfWeek: everyDay, spotFrequency: 10 });
    const { order } = await submittedOrder(h, { name: 'Harbor Lights Launch', daypartId: daypart.id, spots: 3 });
    expect((await h.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: await h.adminToken() })).statusCode).toBe(200);
    await h.app.ctx.stationClock.tick();
    const day = dateIn(8);

    const page = await h.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('link', { name: 'Traffic Log' }).click();
    await page.getByRole('heading', { name: 'Traffic Log', level: 1 }).waitFor();
    await page.getByLabel('Broadcast day').fill(day);
    const section = page.getByRole('region', { name: 'Breakfast News' });
    await section.waitFor();
    await expect.poll(() => section.getByRole('row').filter({ hasText: 'Harbor Lights Launch' }).count()).toBe(3);
    expect(await section.getByText('3 / 10 placed').count()).toBe(1);
    expect(await section.getByRole('row').first().textContent()).toContain('Time');
    expect(await section.getByText('6:00:00 AM').count()).toBe(1);

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(csvDownload.suggestedFilename()).toBe(`traffic-log-${day}.csv`);
    const csv = readFileSync(await csvDownload.path(), 'utf8');
    expect(csv.split('\r\n').filter((line) => line.includes(order.id))).toHaveLength(3);
    await page.getByText(/Traffic log of .* exported/).waitFor();

    const [bxfDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export BXF' }).click()]);
    expect(bxfDownload.suggestedFilename()).toBe(`traffic-log-${day}.bxf.xml`);
    const bxf = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'ScheduledEvent' }).parse(readFileSync(await bxfDownload.path(), 'utf8'));
    const titles = (bxf.BxfMessage.BxfData.Schedule.ScheduledEvent as { EventData: { EventTitle: string } }[]).map((e) => e.EventData.EventTitle);
    expect(titles.filter((t) => t.includes('Harbor Lights Launch'))).toHaveLength(3);
    await page.getByText(/sent to master control/).waitFor();

    // The order's own page lists its spots by day.
    await page.goto(`/app/estimates/${order.id}`);
    await page.getByRole('heading', { name: 'Spots on the traffic log' }).waitFor();
    await page.getByText(/3 spots/).first().waitFor();
  });

  it('an admin edits the station profile on Station Settings', async () => {
    const page = await h.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('link', { name: 'Station Settings' }).click();
    await page.getByLabel('Station name').fill('');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Station name is required').waitFor();
    await page.getByLabel('Station name').fill('WSPT Channel 7');
    await page.getByLabel('Remit payments to').fill('PO Box 7, Springfield');
    await page.getByLabel('E-mail').fill('traffic@wspt.example');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Station profile saved').waitFor();
    const profile = (await h.inject({ method: 'GET', url: '/api/station', token: await h.adminToken() })).json();
    expect(profile).toMatchObject({ name: 'WSPT Channel 7', remit_to: 'PO Box 7, Springfield', email: 'traffic@wspt.example', time_zone: 'UTC' });
  });
});

import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateItems, trafficMoves } from '../../src/server/db/schema';
import { ADMIN } from '../support/app';
import { hasBrowser, openSignedIn, signIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { setOrderStatus } from '../support/campaign-fixtures';
import { createDaypart, dateIn, submittedOrder } from '../support/ordering-fixtures';
import { pdfText } from '../support/pdf-text';
import { msAhead } from '../support/clock';
import { autoOfferMakegoods } from '../support/station-settings';
import { formatBroadcastDay, spotStatusLabel } from '../../src/web/ui/traffic-display';

let h: BrowserHarness;
/** How far the station clock runs ahead of the real one (an as-run reports only what has aired: the as-run test moves it past its day). */
let aheadMs = 0;
beforeAll(async () => {
  if (!hasBrowser) return;
  h = await startBrowserHarness({ trafficHorizonDays: 14 }, { now: () => msAhead(aheadMs) });
  // The advertiser answers a makegood the as-run offers at once: the station's choice (decision 058).
  await autoOfferMakegoods(h.database.db);
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowser)('the traffic log in the browser', () => {
  it("an admin opens the Traffic Log, sees the day's spots by daypart, and downloads the CSV and the BXF", async () => {
    const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    const daypart = await createDaypart(h.database.db, {
      name: 'Breakfast News',
      startTime: '06:00',
      endTime: '08:00',
      daysOfWeek: everyDay,
      spotFrequency: 10,
    });
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
    const bxf = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'ScheduledEvent' }).parse(
      readFileSync(await bxfDownload.path(), 'utf8'),
    );
    const titles = (bxf.BxfMessage.BxfData.Schedule.ScheduledEvent as { EventData: { EventTitle: string } }[]).map((e) => e.EventData.EventTitle);
    expect(titles.filter((t) => t.includes('Harbor Lights Launch'))).toHaveLength(3);
    await page.getByText(/sent to master control/).waitFor();

    // The order's own page lists its spots by day.
    await page.goto(`/app/estimates/${order.id}`);
    await page.getByRole('heading', { name: 'Spots on the traffic log' }).waitFor();
    await page
      .getByText(/3 spots/)
      .first()
      .waitFor();
  });

  it('an admin imports an as-run file and reads its report; the advertiser accepts a makegood and downloads the affidavit', async () => {
    const daypart = await createDaypart(h.database.db, {
      name: 'Drive Time',
      startTime: '17:00',
      endTime: '18:00',
      daysOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      spotFrequency: 10,
    });
    const { owner, order } = await submittedOrder(h, { name: 'Drive Time Deals', daypartId: daypart.id, spots: 2 });
    await setOrderStatus(h, order.id, 'active');
    await h.app.ctx.stationClock.tick();
    // The day after the first test's exported (frozen) day, so this order has its spots there too.
    const day = dateIn(9);
    const house = owner.media.houseNumber;
    const csv = [
      'date,time,house_code,duration,status',
      `${day},17:00:00,${house},6,aired`,
      `${day},17:31:00,${house},6,missed`,
      `${day},20:00:00,${house},6,aired`,
    ].join('\n');

    // The as-run comes back once the day has aired: the station's clock is on the day after it.
    aheadMs = 10 * 86_400_000;
    const page = await h.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('link', { name: 'As-run' }).click();
    await page.getByText('No as-run imported yet').waitFor();
    // The file box offers the .txt and .tsv that iTX and Marina write, beside CSV and BXF (issue 44).
    const accepted = (await page.getByLabel('As-run file (CSV or BXF)').getAttribute('accept'))!.split(',');
    expect(accepted).toEqual(expect.arrayContaining(['.csv', '.txt', '.tsv', '.xml', '.bxf']));
    await page.getByLabel('As-run file (CSV or BXF)').setInputFiles({ name: 'drive-time.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Report: drive-time.csv' }).waitFor();
    // The day is closed: the other test's order's unreported spots of that day count as missed.
    await page
      .getByRole('region', { name: 'Report: drive-time.csv' })
      .getByRole('status')
      .filter({ hasText: /Imported 3 rows: 1 aired, \d+ missed, 1 unmatched/ })
      .waitFor();
    const unmatched = page.getByRole('table', { name: 'Unmatched rows' });
    expect(await unmatched.getByRole('row').nth(1).textContent()).toContain('Outside every daypart window of this house code on this day');
    // What it changed, spot by spot.
    expect(await page.getByRole('table', { name: 'Aired spots' }).getByRole('row').nth(1).textContent()).toContain('17:00:00');
    expect(await page.getByRole('table', { name: 'Missed spots' }).getByRole('row').nth(1).textContent()).toContain('17:31:00');
    expect(await page.getByRole('table', { name: 'As-run imports' }).getByRole('row').count()).toBe(2);

    const client = await h.newPage();
    await openSignedIn(client, owner.email, 'Client-Passw0rd', `/app/estimates/${order.id}`);
    // The spots list starts a week back, so yesterday's miss is in sight (issue 44).
    const missedDay = client
      .getByRole('region', { name: 'Spots on the traffic log' })
      .getByRole('listitem')
      .filter({ hasText: formatBroadcastDay(day) });
    await missedDay
      .getByText(spotStatusLabel({ status: 'missed', simulated: false }))
      .first()
      .waitFor();
    // The missed spot is offered again on the next day with a free spot.
    const makegoods = client.getByRole('region', { name: 'Makegoods' });
    await makegoods.getByText(`Makegood on`).waitFor();
    await makegoods.getByText('Offered', { exact: true }).waitFor();
    await makegoods.getByRole('button', { name: /^Accept makegood/ }).click();
    await client.getByText('Makegood accepted: the spot is placed on the log').waitFor();
    await makegoods.getByText('Accepted', { exact: true }).waitFor();
    // The makegood airs on the day it was offered (the first free day after the station's today).
    const offered = (await h.inject({ method: 'GET', url: `/api/estimates/${order.id}/makegoods`, token: owner.token })).json().makegoods[0].air_date as string;
    expect(offered > day).toBe(true);
    const spots = (await h.inject({ method: 'GET', url: `/api/estimates/${order.id}/spots?from=${offered}&to=${offered}`, token: owner.token })).json();
    expect(spots.days[0].spots.filter((s: { makegood_offer_id: string | null }) => s.makegood_offer_id !== null)).toHaveLength(1);

    const [download] = await Promise.all([client.waitForEvent('download'), client.getByRole('button', { name: 'Download affidavit' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^affidavit-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = pdfText(readFileSync(await download.path()));
    expect(text).toContain('Drive Time Deals');
    expect(text).toContain('Spots aired: 1');
    expect(text).toContain('made good: 1');
    expect(text).toContain('certifies that the announcements listed above');
  }, 60_000);

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
    await page.getByLabel('FCC facility id').fill('WSPT');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('FCC facility id must be 1 to 7 digits').waitFor();
    await page.getByLabel('FCC facility id').fill('12345');
    await page.getByLabel('Call letters').fill('wspt-tv');
    // Master control: a European station runs 25 fps, non-drop-frame, and dates day first.
    expect(await page.getByLabel('Frame rate').inputValue()).toBe('29.97');
    expect(await page.getByLabel('Drop-frame timecode').isChecked()).toBe(true);
    await page.getByLabel('Frame rate').selectOption('25');
    await page.getByLabel('Drop-frame timecode').uncheck();
    await page.getByLabel('Dates in as-run files').selectOption('DMY');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Station profile saved').waitFor();
    // What AI buying agents read (decision 035).
    const adagents = (await h.inject({ method: 'GET', url: '/.well-known/adagents.json' })).json();
    expect(adagents.properties[0].identifiers).toContainEqual({ type: 'call_sign', value: 'WSPT-TV' });
    const profile = (await h.inject({ method: 'GET', url: '/api/station', token: await h.adminToken() })).json();
    expect(profile).toMatchObject({
      name: 'WSPT Channel 7',
      remit_to: 'PO Box 7, Springfield',
      email: 'traffic@wspt.example',
      time_zone: 'UTC',
      frame_rate: 25,
      drop_frame: false,
      date_order: 'DMY',
      call_letters: 'WSPT-TV',
      fcc_facility_id: '12345',
      agent_url: null,
    });
    await page.reload();
    expect(await page.getByLabel('Frame rate').inputValue()).toBe('25');
    expect(await page.getByLabel('Dates in as-run files').inputValue()).toBe('DMY');
  });
});

describe.skipIf(!hasBrowser)('Discrepancies in the browser', () => {
  it('shows a spot moved off a closed day, and one that found no free day, with the day it was booked for', async () => {
    aheadMs = 0; // the fixtures' dates count from the real today, not the app's clock moved by the as-run test
    const daypart = await createDaypart(h.database.db, { name: 'Late Movie', startTime: '22:00', endTime: '23:00', spotFrequency: 10 });
    const { order } = await submittedOrder(h, { name: 'Closed Day Promo', daypartId: daypart.id, spots: 1 });
    const [item] = await h.database.db.select().from(estimateItems).where(eq(estimateItems.estimateId, order.id));
    // What the station clock records when a booking's day has closed (test/api/late-bookings.test.ts makes one for real).
    await h.database.db.insert(trafficMoves).values([
      { estimateId: order.id, estimateItemId: item!.id, daypartId: daypart.id, fromDate: dateIn(8), toDate: dateIn(9) },
      { estimateId: order.id, estimateItemId: item!.id, daypartId: daypart.id, fromDate: dateIn(8), toDate: null },
    ]);
    const page = await h.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('link', { name: 'Discrepancies' }).click();
    const moved = page.getByRole('region', { name: 'Moved spots' });
    await moved.getByText('No free day left in its flight').waitFor();
    expect(await moved.getByRole('link', { name: 'Closed Day Promo' }).count()).toBe(2);
    await page.getByRole('region', { name: 'Completed with unconfirmed spots' }).waitFor();
  });
});

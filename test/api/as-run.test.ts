/** As-run import: CSV and BXF files written here, matched to the traffic log, settled in one transaction. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { campaignOfOrder, setOrderStatus } from '../support/campaign-fixtures';
import { createDaypart, submittedOrder } from '../support/ordering-fixtures';
import { uploadAsRun } from '../support/as-run-fixtures';
import { pdfText } from '../support/pdf-text';
import { autoOfferMakegoods } from '../support/station-settings';

const ZONE = 'America/New_York';
const DAY = '2027-06-07'; // a Monday
const NEXT = '2027-06-08';
let now = new Date('2027-05-30T14:00:00Z');
let t: TestApp;
let admin: string;
let order: { id: string };
let owner: { token: string; media: { id: string; houseNumber: string } };
let house: string;

interface Spot {
  id: string;
  local_time: string;
  house_code: string;
  status: string;
  estimate_id: string;
  duration_seconds: number;
}

beforeAll(async () => {
  t = await createTestApp({ stationTimeZone: ZONE, trafficHorizonDays: 3 }, { now: () => now });
  // These tests read the makegoods an as-run offers at once: the station's choice (decision 058).
  await autoOfferMakegoods(t.database.db);
  admin = await t.adminToken();
  const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: everyDay, spotFrequency: 10 });
  const booked = await submittedOrder(t, { name: 'Morning news sponsor', startDate: DAY, daypartId: daypart.id, spots: 3, totalSpend: 3000 });
  order = booked.order;
  owner = booked.owner;
  house = owner.media.houseNumber;
  await setOrderStatus(t, order.id, 'active');
  now = new Date(`${DAY}T10:00:00Z`); // 06:00 EDT on the 7th: the 7th to the 9th are placed
  await t.app.ctx.stationClock.tick();
  now = new Date('2027-06-10T15:00:00Z'); // as-runs come back after airing
});
afterAll(async () => t?.close());

const upload = (name: string, content: string, token: string | null = admin, type = 'text/csv', fields: Record<string, string> = {}) =>
  uploadAsRun(t, name, content, token, type, fields);
const spotsOn = async (date: string) =>
  ((await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin })).json().spots as Spot[]).filter((s) => s.estimate_id === order.id);
const campaign = async () =>
  (await t.inject({ method: 'GET', url: `/api/campaigns/${(await campaignOfOrder(t, admin, order.id))!.campaign_id}`, token: admin })).json();

describe('POST /api/traffic/as-run', () => {
  it('refuses anonymous callers and clients', async () => {
    expect((await upload('a.csv', 'date,time,house_code,duration,status\n', null)).statusCode).toBe(401);
    expect((await upload('a.csv', 'date,time,house_code,duration,status\n', owner.token)).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/traffic/as-run', token: owner.token })).statusCode).toBe(403);
  });

  it('refuses a file with a malformed line whole, naming the line, and applies nothing', async () => {
    const before = await spotsOn(DAY);
    const csv = ['date,time,house_code,duration,status', `${DAY},06:00:00,${house},30,aired`, `${DAY},6 o'clock,${house},30,aired`].join('\n');
    const res = await upload('broken.csv', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(`Line 3: time "6 o'clock" is not a time (HH:MM:SS)`);
    expect(await spotsOn(DAY)).toEqual(before);
    expect((await t.inject({ method: 'GET', url: '/api/traffic/as-run', token: admin })).json()).toEqual([]);
    const header = await upload('header.csv', 'when,what\n2027-06-07,x\n');
    expect(header.statusCode).toBe(400);
    expect(header.json().error).toMatch(/^Line 1: the header row must name the columns date, time, house_code, duration, status/);
  });

  it('matches exact and near-window airings, keeps unmatched rows with reasons, closes the day with missed spots, and delivers', async () => {
    const [first, second, third] = await spotsOn(DAY);
    expect([first!.local_time, second!.local_time, third!.local_time]).toEqual(['06:00:00', '06:15:00', '06:30:00']);
    const csv = [
      'date,time,house_code,duration,status',
      `${DAY},06:00:00,${house},30,aired`, // exact
      `${DAY},06:00:10,${house},30,aired`, // the same airing again: the nearest spot in the window is the 06:15 one
      `${DAY},07:08:00,${house},00:00:30:00,aired`, // 8 minutes past the window: within the tolerance
      `${DAY},07:30:00,${house},30,aired`, // outside the window
      `${DAY},06:05:00,ZZZZ9999,30,aired`, // unknown house code
    ].join('\r\n');
    const res = await upload('monday.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json();
    expect(report.import).toMatchObject({ filename: 'monday.csv', format: 'csv', rows: 5, aired: 3, unmatched: 2, closed_missed: 0, days: [DAY] });
    expect(report.unmatched_rows).toEqual([
      { line: 5, date: DAY, time: '07:30:00', house_code: house, reason: 'Outside every daypart window of this house code on this day' },
      { line: 6, date: DAY, time: '06:05:00', house_code: 'ZZZZ9999', reason: 'No scheduled spot has this house code on this day' },
    ]);
    const settled = await spotsOn(DAY);
    expect(settled.map((s) => s.status)).toEqual(['aired', 'aired', 'aired']);
    const figures = await campaign();
    expect(figures.aired_spots).toBe(3);
    expect(figures.total_impressions).toBe(3 * 1366);

    // The same file again changes nothing, and says so.
    const again = await upload('monday-copy.csv', csv);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, import: { id: report.import.id } });
    expect(again.json().message).toMatch(/^This file was already imported on \d{4}-\d\d-\d\d; nothing changed$/);
    expect((await campaign()).aired_spots).toBe(3);

    // An airing of a spot that already aired is a duplicate.
    const dup = await upload('dup.csv', `date,time,house_code,duration,status\n${DAY},06:00:00,${house},30,aired\n`);
    expect(dup.json().unmatched_rows).toEqual([{ line: 2, date: DAY, time: '06:00:00', house_code: house, reason: 'Duplicate of a spot that already aired' }]);
  });

  it("reads a BXF as-run: reported misses, and with close_day the day's unreported spots become missed", async () => {
    const [first, second] = await spotsOn(NEXT);
    const event = (spot: Spot, status?: string) => `
      <AsRun${status ? ` status="${status}"` : ''}>
        <AsRunDetail>
          <EventId><EventId>${spot.id}</EventId></EventId>
          <StartDateTime><SmpteDateTime broadcastDate="${NEXT}"><SmpteTimeCode>${spot.local_time}:00</SmpteTimeCode></SmpteDateTime></StartDateTime>
          <Duration><SmpteDuration><SmpteTimeCode>00:00:30:00</SmpteTimeCode></SmpteDuration></Duration>
        </AsRunDetail>
        <Content><ContentId><HouseNumber>${spot.house_code}</HouseNumber></ContentId></Content>
      </AsRun>`;
    const bxf = `<?xml version="1.0" encoding="UTF-8"?>
<BxfMessage xmlns="http://smpte-ra.org/schemas/2021/2008/BXF"><BxfData action="add">${event(first!)}${event(second!, 'missed')}</BxfData></BxfMessage>`;
    const res = await upload('tuesday.bxf.xml', bxf, admin, 'application/xml', { close_day: 'true' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ format: 'bxf', rows: 2, aired: 1, reported_missed: 1, closed_missed: 1, unmatched: 0, closing: 'day' });
    expect((await spotsOn(NEXT)).map((s) => s.status)).toEqual(['aired', 'missed', 'missed']);

    const malformed = await upload('bad.xml', '<BxfMessage><AsRun><HouseNumber>X</AsRun>', admin, 'application/xml');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/^Line 1: /);
  });

  it('lists the imports and answers a report by id', async () => {
    const list = (await t.inject({ method: 'GET', url: '/api/traffic/as-run', token: admin })).json() as { id: string; filename: string }[];
    expect(list.map((i) => i.filename)).toEqual(['tuesday.bxf.xml', 'dup.csv', 'monday.csv']);
    const one = await t.inject({ method: 'GET', url: `/api/traffic/as-run/${list[2]!.id}`, token: admin });
    expect(one.json().unmatched_rows).toHaveLength(2);
    expect((await t.inject({ method: 'GET', url: '/api/traffic/as-run/00000000-0000-4000-8000-000000000000', token: admin })).statusCode).toBe(404);
  });
});

describe('GET /api/estimates/:id/affidavit', () => {
  it('certifies what aired and what was missed, as PDF and CSV, to the owner and admins only', async () => {
    await t.inject({ method: 'PUT', url: '/api/station', token: admin, payload: { name: 'WSPT Channel 7', address: '7 Tower Rd' } });
    const url = `/api/estimates/${order.id}/affidavit?from=${DAY}&to=${NEXT}`;
    const pdf = await t.inject({ method: 'GET', url, token: owner.token });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="affidavit-${order.id.slice(0, 8)}-${DAY}-to-${NEXT}.pdf"`);
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'WSPT Channel 7',
      'AFFIDAVIT',
      'Morning news sponsor',
      'Spots aired: 4',
      'Missed: 2',
      `Impressions: ${(4 * 1366).toLocaleString('en-US')}`,
      'WSPT Channel 7 certifies that the announcements listed above',
      house,
    ]) {
      expect(text, expected).toContain(expected);
    }
    const csv = await t.inject({ method: 'GET', url: `${url}&format=csv`, token: admin });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'date,scheduled_time,actual_time,daypart,house_code,duration_seconds,status,impressions,cost,makegood,credit,order_number,order_name,title,ad_id,agency_estimate_number,client_code,product_code,po_number,program,adu',
    );
    expect(lines.slice(1).map((l) => l.split(',')[6])).toEqual(['aired', 'aired', 'aired', 'aired', 'missed', 'missed']);
    expect(lines[1]).toMatch(new RegExp(`^${DAY},06:00:00,06:00:00,`));

    const stranger = await t.signUp();
    expect((await t.inject({ method: 'GET', url, token: stranger.token })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    const bad = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/affidavit?format=doc`, token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Format must be pdf or csv');
  });
});

/**
 * The rate card as avails in AAAA Proposal XML (issue 42, decision 056): a line per daypart of the channel
 * at the rate of one spot of the length, and the spots still free in each Monday week of the range, read
 * back with the reader that imports agencies' files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../src/domain/dates';
import { readProposal } from '../../src/domain/proposal-read';
import { readXmlTree } from '../../src/server/modules/orders/proposal-xml';
import { createTestApp, type TestApp } from '../support/app';
import { clientWithBrand, createDaypart, dateIn, putOrder, readyOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
let client: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  client = (await clientWithBrand(t)).token;
});
afterAll(async () => {
  await t?.close();
});

/** The first Monday at least ten days ahead: a whole first week, after the order lead time. */
const monday = (() => {
  let date = dateIn(10);
  while (weekdayOf(date) !== 'Monday') date = addDays(date, 1);
  return date;
})();

const avails = (query: string, token: string | null = client) =>
  t.inject({ method: 'GET', url: `/api/avails/proposal.xml?${query}`, token: token ?? undefined });
const read = (xml: string) => readProposal(readXmlTree(xml));

describe('GET /api/avails/proposal.xml', () => {
  it('sends each daypart at the rate of a spot of the length, with the spots free each week, less what is booked', async () => {
    // $15 CPM on 1,366 impressions: $20.49 a :30, $10.25 a :15 at 50 %; 5 spots a weekday.
    const morning = await createDaypart(t.database.db, { name: 'Avail Morning', spotFrequency: 5, rate15Percent: 50 });
    // A flat $100 a :30, 180 % for a :60; 23:00–01:00 is 23:00–25:00 on the broadcast-day clock.
    await createDaypart(t.database.db, {
      name: 'Avail Late',
      startTime: '23:00',
      endTime: '01:00',
      daysOfWeek: ['Saturday'],
      spotFrequency: 4,
      flatRateCents: 10_000,
      rate60Percent: 180,
    });
    // Three weeks, the last cut to Monday–Wednesday.
    const to = addDays(monday, 16);

    const res = await avails(`from=${monday}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="avails-.+\.xml"$/);
    const proposal = read(res.body);
    expect(proposal).toMatchObject({ schemaVersion: '0.3.0.5A', weekStartDay: 'Monday', startDate: monday, endDate: to, version: 1 });
    const line = (name: string) => proposal.lines.find((l) => l.name === name)!;
    expect(line('Avail Morning')).toMatchObject({ startTime: '06:00', endTime: '07:00', spotLength: 30, rateCents: 2049, spotsPerWeek: [25, 25, 15] });
    expect(line('Avail Morning').days).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(line('Avail Late')).toMatchObject({ startTime: '23:00', endTime: '25:00', rateCents: 10_000, spotsPerWeek: [4, 4, 0] });

    expect(read((await avails(`from=${monday}&to=${to}&length=15`)).body).lines.find((l) => l.name === 'Avail Morning')).toMatchObject({
      spotLength: 15,
      rateCents: 1025,
    });
    expect(read((await avails(`from=${monday}&to=${to}&length=60`)).body).lines.find((l) => l.name === 'Avail Late')).toMatchObject({
      spotLength: 60,
      rateCents: 18_000,
    });

    // An approved order of 2 spots a weekday from that Monday leaves 3 a day.
    const { order, owner } = await readyOrder(t, { daypartId: morning.id, spots: 2, startDate: monday, totalSpend: 20_000 });
    expect((await putOrder(t, owner.token, order.id, { status: 'ordered' })).statusCode).toBe(200);
    const approved = await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(read((await avails(`from=${monday}&to=${to}`)).body).lines.find((l) => l.name === 'Avail Morning')!.spotsPerWeek).toEqual([15, 15, 9]);
  });

  it('defaults to four weeks from today on the default channel at :30', async () => {
    const proposal = read((await avails('')).body);
    expect(proposal.startDate).toBe(dateIn(0));
    expect(proposal.endDate).toBe(dateIn(27));
    expect(proposal.lines.every((l) => l.spotLength === 30)).toBe(true);
  });

  it('refuses bad ranges, lengths and channels, and visitors', async () => {
    expect((await avails(`from=${monday}&to=${addDays(monday, -1)}`)).json()).toMatchObject({ error: 'to cannot be before from' });
    expect((await avails(`from=${monday}&to=${addDays(monday, 400)}`)).statusCode).toBe(400);
    expect((await avails('length=45')).json()).toMatchObject({ error: 'length must be 15, 30 or 60 (seconds)' });
    expect((await avails('from=tomorrow')).json()).toMatchObject({ error: 'from must be a date (YYYY-MM-DD)' });
    expect((await avails('channel_id=3f1c9a4e-0000-4000-8000-000000000000')).statusCode).toBe(400);
    // A parameter it does not declare is ignored, as list routes do.
    expect((await avails('colour=blue')).statusCode).toBe(200);
    expect((await avails('', null)).statusCode).toBe(401);
  });
});

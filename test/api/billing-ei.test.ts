/**
 * Issue 27: the 4A's electronic invoice (EI). An agency's order billed monthly airs (clock, as-run,
 * a makegood); the month is billed; the EI file of the invoice and of the month is parsed back and
 * every total checked against the invoice, every 51 record against the aired spots.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEi } from '../../src/domain/ei';
import { estimates, trafficSpots } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { uploadAsRun } from '../support/as-run-fixtures';
import { setOrderStatus } from '../support/campaign-fixtures';
import { createDaypart, submittedOrder } from '../support/ordering-fixtures';
import { autoOfferMakegoods } from '../support/station-settings';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
let now = new Date('2027-06-14T12:00:00Z');
let t: TestApp;
let admin: string;
let booked: Awaited<ReturnType<typeof submittedOrder>>;
let other: Awaited<ReturnType<typeof submittedOrder>>;

type Spot = { id: string; local_time: string; house_code: string; estimate_id: string; makegood_offer_id: string | null };
const spotsOn = async (date: string, orderId: string) =>
  ((await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin })).json().spots as Spot[]).filter((s) => s.estimate_id === orderId);
const airs = async (date: string, spots: Spot[]) => {
  const rows = spots.map((s) => `${date},${s.local_time},${s.house_code},30,aired,${s.id}`);
  const res = await uploadAsRun(t, `${date}.csv`, `date,time,house_code,duration,status,spot_id\n${rows.join('\n')}\n`, admin, 'text/csv', {
    close_day: 'true',
  });
  expect(res.statusCode, res.body).toBe(201);
};
const cents = (dollars: string) => Math.round(Number(dollars) * 100);

beforeAll(async () => {
  t = await createTestApp({ trafficHorizonDays: 7 }, { now: () => now });
  // These tests read the makegoods an as-run offers at once: the station's choice (decision 058).
  await autoOfferMakegoods(t.database.db);
  admin = await t.adminToken();
  const morning = await createDaypart(t.database.db, { name: 'Morning Drive', startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 4 });
  booked = await submittedOrder(t, { name: 'Breakfast show', startDate: '2027-06-24', daypartId: morning.id, spots: 2, totalSpend: 3000 });
  other = await submittedOrder(t, { name: 'Other show', startDate: '2027-06-24', daypartId: morning.id, spots: 1, totalSpend: 3000 });
  // The buyer is an agency (15 %), with its codes on the order and an Ad-ID on the commercial.
  expect(
    (await t.inject({ method: 'PUT', url: `/api/users/${booked.owner.id}/agency`, token: admin, payload: { is_agency: true, rate: 0.15 } })).statusCode,
  ).toBe(200);
  // The order is submitted (no longer editable): the codes are written as the buyer entered them before submitting.
  await t.database.db
    .update(estimates)
    .set({ agencyEstimateNumber: 'EST-4411', clientCode: 'SUN', productCode: 'OJ', poNumber: 'PO-77' })
    .where(eq(estimates.id, booked.order.id));
  expect(
    (
      await t.inject({
        method: 'PATCH',
        url: `/api/media/${booked.owner.media.id}`,
        token: booked.owner.token,
        payload: { ad_id: 'SUNJ0001030H', spot_length: 30 },
      })
    ).statusCode,
  ).toBe(200);
  for (const b of [booked, other]) {
    expect(
      (await t.inject({ method: 'PUT', url: `/api/estimates/${b.order.id}/billing-mode`, token: admin, payload: { billing_mode: 'monthly' } })).statusCode,
    ).toBe(200);
    await setOrderStatus(t, b.order.id, 'active');
  }
  now = new Date('2027-06-24T05:00:00Z');
  await t.app.ctx.stationClock.tick();
  now = new Date('2027-06-25T14:00:00Z');
  await airs('2027-06-24', [...(await spotsOn('2027-06-24', booked.order.id)), ...(await spotsOn('2027-06-24', other.order.id))]);
  const [aired] = await spotsOn('2027-06-25', booked.order.id);
  await airs('2027-06-25', [aired!, ...(await spotsOn('2027-06-25', other.order.id))]);
  const offersRes = await t.inject({ method: 'GET', url: `/api/estimates/${booked.order.id}/makegoods`, token: admin });
  const offers = offersRes.json().makegoods as { id: string }[];
  expect((await t.inject({ method: 'POST', url: `/api/makegoods/${offers[0]!.id}/accept`, token: booked.owner.token })).statusCode).toBe(200);
  now = new Date('2027-06-27T14:00:00Z');
  await airs('2027-06-26', [...(await spotsOn('2027-06-26', booked.order.id)), ...(await spotsOn('2027-06-26', other.order.id))]);
  now = new Date('2027-07-01T14:00:00Z');
  const billed = await t.inject({ method: 'POST', url: '/api/billing/broadcast-month', token: admin, payload: { month: '2027-06', tax_rate: 0.05 } });
  expect(billed.statusCode, billed.body).toBe(201);
});
afterAll(async () => t?.close());

const invoiceOf = async (orderId: string) => {
  const list = (await t.inject({ method: 'GET', url: `/api/billing?search=`, token: admin })).json().invoices as { id: string; estimate_id: string }[];
  const id = list.find((i) => i.estimate_id === orderId)!.id;
  expect((await t.inject({ method: 'POST', url: `/api/billing/${id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
  return (await t.inject({ method: 'GET', url: `/api/billing/${id}`, token: admin })).json();
};

describe("the 4A's electronic invoice", () => {
  it('answers one invoice as typed records in order, totals and spots matching the invoice and the as-run', async () => {
    const invoice = await invoiceOf(booked.order.id);
    const res = await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}/ei`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ei-${invoice.invoice_number}.txt"`);
    const records = readEi(res.body);
    const types = records.map((r) => r.type);
    expect(types.slice(0, 4)).toEqual(['21', '22', '23', '31']);
    expect(types.at(-2)).toBe('34');
    expect(types.at(-1)).toBe('12');
    // Records come in the fixed order: 41 lines before the 51 spots, each 52 right after a 51.
    expect(types.lastIndexOf('41')).toBeLessThan(types.indexOf('51'));
    types.forEach((type, i) => type === '52' && expect(['51', '52']).toContain(types[i - 1]));

    const header = records.find((r) => r.type === '31')!.fields;
    expect(header).toEqual([
      invoice.brand_legal_name,
      invoice.brand_name,
      'EST-4411',
      invoice.invoice_number,
      invoice.issue_date.replace(/-/g, ''),
      '2706',
      '20270531',
      '20270627',
      booked.order.id.slice(0, 8).toUpperCase(),
      'SUN',
      'OJ',
    ]);
    expect(records.filter((r) => r.type === '32').map((r) => r.fields[0])).toContain('PO NUMBER PO-77');

    // Every 51 is an aired spot the invoice bills, at its line's rate, with the Ad-ID.
    const billed = await t.database.db
      .select()
      .from(trafficSpots)
      .where(and(eq(trafficSpots.invoiceId, invoice.id), eq(trafficSpots.status, 'aired')))
      .orderBy(asc(trafficSpots.scheduledAt));
    const spots = records.filter((r) => r.type === '51').map((r) => r.fields);
    expect(spots).toHaveLength(billed.length);
    expect(spots).toHaveLength(6);
    const line = records.find((r) => r.type === '41')!.fields;
    expect(line.slice(3, 7)).toEqual(['MTWTFSS', '0600', '0700', '30']);
    spots.forEach((s, i) => {
      expect(s[1]).toBe(billed[i]!.airDate.replace(/-/g, ''));
      expect(s[5]).toBe('SUNJ0001030H');
      expect(s[6]).toBe(line[7]);
    });
    expect(spots.reduce((sum, s) => sum + cents(s[6]!), 0)).toBe(cents(String(invoice.subtotal)));
    expect(Number(line[8])).toBe(6);
    // The makegood says which spot it replaces.
    expect(records.filter((r) => r.type === '52').map((r) => r.fields[0])).toEqual([expect.stringMatching(/^MAKEGOOD FOR SPOT MISSED 20270625 06\d\d$/)]);

    const total = records.find((r) => r.type === '34')!.fields;
    expect(total).toEqual([
      '6',
      invoice.total_amount.toFixed(2),
      invoice.commission_amount.toFixed(2),
      invoice.tax_amount.toFixed(2),
      invoice.net_amount.toFixed(2),
    ]);
    expect(invoice.commission_amount).toBeGreaterThan(0);
    expect(records.at(-1)!.fields).toEqual(['1', '6', invoice.total_amount.toFixed(2), invoice.net_amount.toFixed(2)]);
  });

  it('answers a broadcast month as one transmission of its issued invoices, and refuses bad months', async () => {
    const second = await invoiceOf(other.order.id);
    const first = (await t.inject({ method: 'GET', url: `/api/billing?search=`, token: admin }))
      .json()
      .invoices.find((i: { estimate_id: string }) => i.estimate_id === booked.order.id);
    const res = await t.inject({ method: 'GET', url: '/api/billing/ei?month=2027-06', token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const records = readEi(res.body);
    expect(
      records
        .filter((r) => r.type === '31')
        .map((r) => r.fields[3])
        .sort(),
    ).toEqual([first.invoice_number, second.invoice_number].sort());
    const totals = records.filter((r) => r.type === '34').map((r) => r.fields);
    const spots = records.filter((r) => r.type === '51');
    expect(records.at(-1)!.fields).toEqual([
      '2',
      String(spots.length),
      (totals.reduce((s, f) => s + cents(f[1]!), 0) / 100).toFixed(2),
      (totals.reduce((s, f) => s + cents(f[4]!), 0) / 100).toFixed(2),
    ]);
    expect(cents(records.at(-1)!.fields[2]!)).toBe(cents(String(first.total_amount)) + cents(String(second.total_amount)));
    expect(spots).toHaveLength(6 + 3);

    expect((await t.inject({ method: 'GET', url: '/api/billing/ei?month=2027-13', token: admin })).json()).toEqual({
      error: 'month must be a broadcast month, YYYY-MM',
      field: 'month',
    });
    expect((await t.inject({ method: 'GET', url: '/api/billing/ei?month=2027-06', token: booked.owner.token })).statusCode).toBe(403);
    expect(readEi((await t.inject({ method: 'GET', url: '/api/billing/ei?month=2027-01', token: admin })).body)).toEqual([
      { type: '12', fields: ['0', '0', '0.00', '0.00'] },
    ]);
  });
});

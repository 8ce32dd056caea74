/**
 * Billing on delivery (decision 014): orders billed monthly get one invoice per broadcast month of
 * what aired (real airings: the traffic log placed by the station clock, as-run imports, a makegood),
 * and a final invoice of the rest once completed; up-front orders keep the spec's behaviour.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trafficSpots } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { uploadAsRun } from '../support/as-run-fixtures';
import { setOrderStatus } from '../support/campaign-fixtures';
import type { clientWithBrand } from '../support/ordering-fixtures';
import { createDaypart, MISSING_ID, submittedOrder } from '../support/ordering-fixtures';
import { pdfText } from '../support/pdf-text';
import { autoOfferMakegoods } from '../support/station-settings';

const SPOT_COST = 20.49; // 1366 impressions at a $15 CPM, as the makegood credits count it
const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
let now = new Date('2027-06-14T12:00:00Z');
let t: TestApp;
let admin: string;

interface Spot {
  id: string;
  local_time: string;
  status: string;
  estimate_id: string;
  makegood_offer_id: string | null;
}
interface Booked {
  order: { id: string };
  owner: Awaited<ReturnType<typeof clientWithBrand>>;
}
let monthly: Booked; // 2 spots a day, billed monthly; one missed spot made good
let second: Booked; // 1 spot a day, billed monthly
let upFront: Booked; // 1 spot a day, billed up front

const spotsOn = async (date: string, order: Booked) =>
  ((await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin })).json().spots as Spot[]).filter((s) => s.estimate_id === order.order.id);
const houseOf = (order: Booked) => order.owner.media.houseNumber;

/** Reports the day's as-run: every listed spot aired (by its id); the day's other spots become missed. */
const airs = async (date: string, aired: { order: Booked; spot: Spot }[]) => {
  const rows = aired.map(({ order, spot }) => `${date},${spot.local_time},${houseOf(order)},30,aired,${spot.id}`);
  const res = await uploadAsRun(t, `${date}.csv`, `date,time,house_code,duration,status,spot_id\n${rows.join('\n')}\n`, admin, 'text/csv', {
    close_day: 'true',
  });
  expect(res.statusCode, res.body).toBe(201);
};
const everySpot = async (date: string, ...orders: Booked[]) =>
  (await Promise.all(orders.map(async (order) => (await spotsOn(date, order)).map((spot) => ({ order, spot }))))).flat();

const billMonth = (payload: unknown, token: string | null = admin) =>
  t.inject({ method: 'POST', url: '/api/billing/broadcast-month', token: token ?? undefined, payload: payload as object });
const setMode = (id: string, billing_mode: unknown, token: string | null = admin) =>
  t.inject({ method: 'PUT', url: `/api/estimates/${id}/billing-mode`, token: token ?? undefined, payload: { billing_mode } });
const billedSpots = async (estimateId: string) =>
  t.database.db
    .select({ id: trafficSpots.id, invoiceId: trafficSpots.invoiceId })
    .from(trafficSpots)
    .where(and(eq(trafficSpots.estimateId, estimateId), isNotNull(trafficSpots.invoiceId)));

beforeAll(async () => {
  t = await createTestApp({ trafficHorizonDays: 7 }, { now: () => now });
  // These tests read the makegoods an as-run offers at once: the station's choice (decision 058).
  await autoOfferMakegoods(t.database.db);
  admin = await t.adminToken();
  const morning = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 4 });
  const noon = await createDaypart(t.database.db, { startTime: '12:00', endTime: '13:00', daysOfWeek: EVERY_DAY, spotFrequency: 4 });
  monthly = await submittedOrder(t, { name: 'Breakfast show', startDate: '2027-06-24', daypartId: morning.id, spots: 2, totalSpend: 3000 });
  second = await submittedOrder(t, { name: 'Lunch show', startDate: '2027-06-24', daypartId: noon.id, spots: 1, totalSpend: 3000 });
  upFront = await submittedOrder(t, { name: 'Lunch up front', startDate: '2027-06-24', daypartId: noon.id, spots: 1, totalSpend: 3000 });
});
afterAll(async () => t?.close());

describe('billing mode', () => {
  it('is the station’s choice per order (admins only), shown on the order', async () => {
    expect((await setMode(monthly.order.id, 'monthly', null)).statusCode).toBe(401);
    const client = await setMode(monthly.order.id, 'monthly', monthly.owner.token);
    expect(client.statusCode).toBe(403);
    expect(client.json()).toEqual({ error: 'Admin access required' });
    expect((await setMode(monthly.order.id, 'weekly')).json()).toEqual({ error: "Billing mode must be 'up_front' or 'monthly'", field: 'billing_mode' });
    expect((await setMode(MISSING_ID, 'monthly')).statusCode).toBe(404);
    const order = await t.inject({ method: 'GET', url: `/api/estimates/${monthly.order.id}`, token: monthly.owner.token });
    expect(order.json().billing_mode).toBe('up_front');

    for (const booked of [monthly, second]) {
      const res = await setMode(booked.order.id, 'monthly');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'Billing mode set to monthly on delivery', estimate_id: booked.order.id, billing_mode: 'monthly' });
    }
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${monthly.order.id}`, token: admin })).json().billing_mode).toBe('monthly');
  });

  it('airs the orders: the clock places them, as-runs settle them, a missed spot is made good', async () => {
    for (const booked of [monthly, second, upFront]) await setOrderStatus(t, booked.order.id, 'active');
    now = new Date('2027-06-24T05:00:00Z');
    await t.app.ctx.stationClock.tick(); // the 24th to the 30th are placed

    now = new Date('2027-06-25T14:00:00Z');
    await airs('2027-06-24', await everySpot('2027-06-24', monthly, second, upFront));
    // On the 25th one of the monthly order's two spots does not air.
    const [aired] = await spotsOn('2027-06-25', monthly);
    await airs('2027-06-25', [{ order: monthly, spot: aired! }, ...(await everySpot('2027-06-25', second, upFront))]);
    const offers = (await t.inject({ method: 'GET', url: `/api/estimates/${monthly.order.id}/makegoods`, token: admin })).json().makegoods as {
      id: string;
      air_date: string;
    }[];
    expect(offers).toHaveLength(1);
    expect(offers[0]!.air_date).toBe('2027-06-26');
    const accepted = await t.inject({ method: 'POST', url: `/api/makegoods/${offers[0]!.id}/accept`, token: monthly.owner.token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const sixth = await spotsOn('2027-06-26', monthly);
    expect(sixth).toHaveLength(3);
    expect(sixth.filter((s) => s.makegood_offer_id)).toHaveLength(1);

    now = new Date('2027-06-27T14:00:00Z');
    await airs('2027-06-26', await everySpot('2027-06-26', monthly, second, upFront));
    now = new Date('2027-06-29T14:00:00Z');
    await airs('2027-06-28', await everySpot('2027-06-28', monthly, second, upFront));
  });
});

describe('POST /api/billing/broadcast-month', () => {
  it('is for admins, takes a month as YYYY-MM and refuses a month that has not ended', async () => {
    expect((await billMonth({ month: '2027-06' }, null)).statusCode).toBe(401);
    const client = await billMonth({ month: '2027-06' }, monthly.owner.token);
    expect(client.statusCode).toBe(403);
    expect(client.json()).toEqual({ error: 'Admin access required' });
    for (const month of ['June 2027', '2027-13', '2027-6', 202706, null]) {
      const res = await billMonth({ month });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Month must be a broadcast month (YYYY-MM)', field: 'month' });
    }
    expect((await billMonth({ month: '2027-05', due_days: 0 })).json()).toEqual({
      error: 'Due days must be a whole number between 1 and 365',
      field: 'due_days',
    });
    expect((await billMonth({ month: '2027-05', tax_rate: 2 })).json()).toEqual({ error: 'Tax rate must be between 0% and 100%', field: 'tax_rate' });
    expect((await billMonth([1])).json()).toEqual({ error: 'Request body must be a JSON object' });
    const open = await billMonth({ month: '2027-07' });
    expect(open.statusCode).toBe(409);
    expect(open.json()).toEqual({ error: 'July 2027 has not ended yet: its last day is 2027-07-25' });
    const none = await billMonth({ month: '2027-05' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({
      message: 'No aired spots to bill in May 2027',
      month: { month: '2027-05', label: 'May 2027', start: '2027-04-26', end: '2027-05-30' },
      invoices: [],
    });
  });

  it('a month billed twice at once bills each order once: one invoice per order, no spot twice', async () => {
    const [a, b] = await Promise.all([billMonth({ month: '2027-06', tax_rate: 0.05 }), billMonth({ month: '2027-06', tax_rate: 0.05 })]);
    for (const res of [a!, b!]) expect([200, 201], res.body).toContain(res.statusCode);
    const made = [...a!.json().invoices, ...b!.json().invoices] as { id: string; estimate_id: string }[];
    expect(made.map((i) => i.estimate_id).sort()).toEqual([monthly.order.id, second.order.id].sort());
    // Neither request fails: either one billed both orders and the other found nothing left, or each billed one.
    const june = { month: '2027-06', label: 'June 2027', start: '2027-05-31', end: '2027-06-27' };
    const [more, fewer] = [a!.json(), b!.json()].sort((x, y) => y.invoices.length - x.invoices.length);
    if (more.invoices.length === 2) {
      expect(more).toMatchObject({ message: '2 invoices created', month: june });
      expect(fewer).toEqual({ message: 'No aired spots to bill in June 2027', month: june, invoices: [] });
    } else {
      for (const reply of [more, fewer]) expect(reply).toMatchObject({ message: '1 invoice created', month: june, invoices: [expect.anything()] });
    }
    expect((await billMonth({ month: '2027-06' })).json()).toEqual({ message: 'No aired spots to bill in June 2027', month: june, invoices: [] });
  });

  it('bills what aired in the month at the item CPM, one line per daypart, makegood airings in, missed spots out', async () => {
    const list = (await t.inject({ method: 'GET', url: `/api/billing?search=Breakfast`, token: admin })).json().invoices as {
      id: string;
      estimate_id: string;
    }[];
    const mine = list.filter((i) => i.estimate_id === monthly.order.id);
    expect(mine).toHaveLength(1);
    const detail = (await t.inject({ method: 'GET', url: `/api/billing/${mine[0]!.id}`, token: admin })).json();
    // 24th: 2, 25th: 1 (one missed), 26th: 2 + the makegood = 6 spots; the 28th is July's.
    expect(detail).toMatchObject({
      kind: 'broadcast_month',
      period_start: '2027-05-31',
      period_end: '2027-06-27',
      subtotal: 122.94,
      discount_amount: 0,
      tax_rate: 0.05,
      tax_amount: 6.15,
      total_amount: 129.09,
      balance_due: 129.09,
      status: 'draft',
    });
    expect(detail.invoice_lines).toEqual([
      {
        position: 1,
        description: expect.stringMatching(/: 6 spots aired May 31, 2027 – Jun 27, 2027$/),
        daypart_id: expect.any(String),
        quantity: 6,
        unit_price: SPOT_COST,
        amount: 122.94,
      },
    ]);
    expect(detail.lines).toHaveLength(1); // the order's time slots, as for every invoice
    expect(await billedSpots(monthly.order.id)).toHaveLength(6);
    // Nothing of the up-front order was billed by the month.
    expect(await billedSpots(upFront.order.id)).toHaveLength(0);
    const pdf = pdfText((await t.inject({ method: 'GET', url: `/api/billing/${mine[0]!.id}/pdf`, token: admin })).rawPayload);
    expect(pdf).toContain('6 spots aired May 31, 2027');
    expect(pdf).toContain('$122.94');
    // Spot by spot, as the affidavit lists them (issue 29, item 6): the API, the PDF and the affidavit agree.
    const spots = detail.billed_spots as {
      air_date: string;
      actual_time: string | null;
      house_code: string;
      duration_seconds: number;
      makegood: boolean;
      cost: number;
    }[];
    expect(spots).toHaveLength(6);
    expect(spots.filter((s) => s.makegood)).toHaveLength(1);
    expect(Math.round(spots.reduce((sum, s) => sum + s.cost * 100, 0))).toBe(12_294);
    const affidavit = (
      await t.inject({ method: 'GET', url: `/api/estimates/${monthly.order.id}/affidavit?format=csv&from=2027-05-31&to=2027-06-27`, token: admin })
    ).body
      .trim()
      .split('\r\n')
      .slice(1);
    const aired = affidavit.map((line) => line.split(',')).filter((cells) => cells[6] === 'aired');
    expect(spots.map((s) => [s.air_date, s.actual_time, s.house_code, String(s.duration_seconds), s.cost.toFixed(2)])).toEqual(
      aired.map((c) => [c[0], c[2], c[4], c[5], c[8]]),
    );
    expect(pdf).toContain('SPOTS BILLED');
    expect(pdf).toContain(`6 spots on invoice ${detail.invoice_number}, as the order's affidavit lists them`);
    for (const spot of spots) expect(pdf).toContain(spot.actual_time!);
  });

  it('locks the billing mode while the order has a live invoice', async () => {
    const res = await setMode(monthly.order.id, 'up_front');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'The billing mode cannot change while the order has a live invoice' });
    expect((await setMode(monthly.order.id, 'monthly')).statusCode).toBe(200); // no change: nothing to refuse
  });
});

describe('POST /api/billing/from-estimate/:id', () => {
  it('keeps billing up-front orders as the specification says', async () => {
    const res = await t.inject({ method: 'POST', url: `/api/billing/from-estimate/${upFront.order.id}`, token: admin, payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'up_front', subtotal: 3000, total_amount: 3000, period_start: null });
    const detail = (await t.inject({ method: 'GET', url: `/api/billing/${res.json().id}`, token: admin })).json();
    // One line for its time slot over the flight, spots × the booked cost per spot, and the adjustment to the order's $3,000 (decision 020).
    expect(detail.invoice_lines).toEqual([
      {
        position: 1,
        description: expect.stringMatching(/ · Daily 12:00 PM – 1:00 PM · Jun 24, 2027 – /),
        daypart_id: expect.any(String),
        quantity: expect.any(Number),
        unit_price: SPOT_COST,
        amount: expect.any(Number),
      },
      {
        position: 2,
        description: expect.stringMatching(/^Budget balance: the flight's \d+ spots at the booked rates come to \$[\d,.]+; the budget ordered is \$3,000\.00 /),
        daypart_id: null,
        quantity: 1,
        unit_price: expect.any(Number),
        amount: expect.any(Number),
      },
    ]);
    expect(Math.round((detail.invoice_lines[0].amount + detail.invoice_lines[1].amount) * 100)).toBe(300_000);
    const again = await t.inject({ method: 'POST', url: `/api/billing/from-estimate/${upFront.order.id}`, token: admin, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An invoice already exists for this estimate' });
  });

  it('refuses a monthly order until it is completed, then bills every aired spot not billed yet (kind final)', async () => {
    const early = await t.inject({ method: 'POST', url: `/api/billing/from-estimate/${monthly.order.id}`, token: admin, payload: {} });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: 'This order is billed monthly on delivery: bill its broadcast months' });

    await setOrderStatus(t, monthly.order.id, 'completed');
    const res = await t.inject({
      method: 'POST',
      url: `/api/billing/from-estimate/${monthly.order.id}`,
      token: admin,
      payload: { discount_amount: 0.98, due_days: 15 },
    });
    expect(res.statusCode, res.body).toBe(201);
    // The 28th's two spots.
    expect(res.json()).toMatchObject({ kind: 'final', period_start: null, subtotal: 40.98, discount_amount: 0.98, total_amount: 40, balance_due: 40 });
    const detail = (await t.inject({ method: 'GET', url: `/api/billing/${res.json().id}`, token: admin })).json();
    expect(detail.invoice_lines).toEqual([expect.objectContaining({ quantity: 2, unit_price: SPOT_COST, amount: 40.98 })]);
    expect(await billedSpots(monthly.order.id)).toHaveLength(8);
    const again = await t.inject({ method: 'POST', url: `/api/billing/from-estimate/${monthly.order.id}`, token: admin, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An invoice already exists for this estimate' });
  });

  it('refuses a discount above what aired, changing nothing', async () => {
    await setOrderStatus(t, second.order.id, 'completed');
    const res = await t.inject({ method: 'POST', url: `/api/billing/from-estimate/${second.order.id}`, token: admin, payload: { discount_amount: 100 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Discount amount cannot exceed the invoice subtotal', field: 'discount_amount' });
    expect(await billedSpots(second.order.id)).toHaveLength(3); // June's three, not the 28th's
  });

  it('refuses the final invoice of a completed order whose every aired spot a broadcast month billed', async () => {
    now = new Date('2027-07-27T14:00:00Z'); // July's broadcast month (to the 25th) has ended
    const july = await billMonth({ month: '2027-07' });
    expect(july.json()).toMatchObject({ message: '1 invoice created', invoices: [expect.objectContaining({ estimate_id: second.order.id })] });
    expect(await billedSpots(second.order.id)).toHaveLength(4);
    const res = await t.inject({ method: 'POST', url: `/api/billing/from-estimate/${second.order.id}`, token: admin, payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Every aired spot of this order is already billed' });
  });
});

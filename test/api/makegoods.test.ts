/** Makegoods: missed spots of an as-run get offers on the nearest free day; accepted ones air, declined and expired ones are credited. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { setOrderStatus } from '../support/campaign-fixtures';
import { clientWithBrand, createDaypart, submittedOrder } from '../support/ordering-fixtures';
import { uploadAsRun } from '../support/as-run-fixtures';
import { pdfText } from '../support/pdf-text';
import { autoOfferMakegoods } from '../support/station-settings';

const ZONE = 'America/New_York';
const DAY = '2027-06-07'; // a Monday
const NEXT = '2027-06-08';
const SPOT_COST = 20.49; // 1366 impressions at a $15 CPM
let now = new Date('2027-05-30T14:00:00Z');
let t: TestApp;
let admin: string;
let order: { id: string };
let owner: { token: string; email: string; media: { id: string; houseNumber: string } };
let house: string;
let daypartId: string;

interface Spot {
  id: string;
  air_date: string;
  local_time: string;
  status: string;
  estimate_id: string;
  makegood_offer_id: string | null;
}
interface Offer {
  id: string;
  missed_spot_id: string;
  missed_date: string;
  air_date: string | null;
  status: string;
  spot_cost: number;
  credit: number;
  expires_at: string | null;
  earliest_date: string;
  latest_date: string;
  events: { action: string; by: string; air_date: string | null }[];
}

beforeAll(async () => {
  t = await createTestApp({ stationTimeZone: ZONE, trafficHorizonDays: 5 }, { now: () => now });
  // These tests read the makegoods an as-run offers at once: the station's choice (decision 058).
  await autoOfferMakegoods(t.database.db);
  admin = await t.adminToken();
  const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: everyDay, spotFrequency: 4 });
  daypartId = daypart.id;
  const booked = await submittedOrder(t, { name: 'Breakfast show', startDate: DAY, daypartId, spots: 3, totalSpend: 3000 });
  order = booked.order;
  owner = booked.owner;
  house = owner.media.houseNumber;
  await setOrderStatus(t, order.id, 'active');
  now = new Date(`${DAY}T10:00:00Z`); // 06:00 EDT on the 7th: the 7th to the 11th are placed
  await t.app.ctx.stationClock.tick();
  now = new Date(`${NEXT}T15:00:00Z`); // the 8th, 11:00 EDT: the 7th's as-run comes back
});
afterAll(async () => t?.close());

const adminMessages = async () =>
  (await t.inject({ method: 'GET', url: '/api/notifications', token: admin })).json().notifications as { type: string; message: string }[];
const upload = (name: string, content: string) => uploadAsRun(t, name, content, admin, 'text/csv', { close_day: 'true' });
const spotsOn = async (date: string) =>
  ((await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin })).json().spots as Spot[]).filter((s) => s.estimate_id === order.id);
const makegoods = async (token = owner.token) => {
  const res = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/makegoods`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { makegoods: Offer[]; credits: number; billable_amount: number };
};

describe('makegoods', () => {
  let first: Offer;
  let second: Offer;

  it('offers each missed spot the nearest day of its daypart with a free spot, and tells the advertiser', async () => {
    const setting = await t.inject({
      method: 'POST',
      url: '/api/notifications/settings',
      token: admin,
      payload: { notification_type: 'makegood_offer', recipient_email: 'makegoods@station.example' },
    });
    expect(setting.statusCode, setting.body).toBe(201);
    const [aired] = await spotsOn(DAY);
    const res = await upload('monday.csv', `date,time,house_code,duration,status\n${DAY},${aired!.local_time},${house},30,aired\n`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ aired: 1, closed_missed: 2 });

    const list = await makegoods();
    expect(list.makegoods).toHaveLength(2);
    [first, second] = list.makegoods as [Offer, Offer];
    // The 9th has 3 of 4 spots booked: one free spot for the first offer; the second goes to the 10th.
    expect(first).toMatchObject({ missed_date: DAY, air_date: '2027-06-09', status: 'offered', spot_cost: SPOT_COST, credit: 0, earliest_date: '2027-06-09' });
    expect(second).toMatchObject({ missed_date: DAY, air_date: '2027-06-10', status: 'offered' });
    // The answer is due before the makegood can air (issue 44): when its daypart begins on its day, 06:00 EDT,
    // sooner than MAKEGOOD_EXPIRY_HOURS (72 h) from now.
    expect(first.expires_at).toBe('2027-06-09T10:00:00.000Z');
    expect(second.expires_at).toBe('2027-06-10T10:00:00.000Z');
    expect(first.events).toEqual([expect.objectContaining({ action: 'offered', by: 'system', air_date: '2027-06-09' })]);
    expect(list).toMatchObject({ credits: 0 });

    const bell = (await t.inject({ method: 'GET', url: '/api/notifications', token: owner.token })).json().notifications as { type: string; message: string }[];
    expect(bell[0]).toMatchObject({ type: 'makegood_offer', message: '2 spots of your order "Breakfast show" did not air: makegoods are offered' });
    // The recipients of "Makegood Offers" get an e-mail linking to the order.
    await expect
      .poll(async () => (await t.mailTo('makegoods@station.example'))[0]?.subject)
      .toBe('Spotbook: 2 spots of your order "Breakfast show" did not air: makegoods are offered');
    expect((await t.mailTo('makegoods@station.example'))[0]?.textBody ?? '').toContain(`/app/estimates/${order.id}`);

    // The held spots count against availability.
    const availability = (
      await t.inject({ method: 'GET', url: `/api/dayparts/availability/${daypartId}?start_date=2027-06-09&end_date=2027-06-10`, token: owner.token })
    ).json();
    expect(availability.days.map((d: { available_spots: number }) => d.available_spots)).toEqual([0, 0]);
  });

  it('is only for the order owner and admins; only admins move an offer', async () => {
    const stranger = await clientWithBrand(t);
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/makegoods` })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/makegoods`, token: stranger.token })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: `/api/makegoods/${first.id}/accept`, token: stranger.token })).json()).toEqual({
      error: 'Makegood offer not found',
    });
    expect((await t.inject({ method: 'POST', url: `/api/makegoods/${first.id}/decline`, token: stranger.token })).statusCode).toBe(404);
    expect((await t.inject({ method: 'PUT', url: `/api/makegoods/${first.id}`, token: owner.token, payload: { air_date: '2027-06-12' } })).statusCode).toBe(
      403,
    );
    expect((await makegoods(admin)).makegoods).toHaveLength(2);
  });

  it('lets the station move an offer within the window and capacity', async () => {
    const move = (air_date: unknown) => t.inject({ method: 'PUT', url: `/api/makegoods/${second.id}`, token: admin, payload: { air_date } });
    expect((await move('next week')).json()).toEqual({ error: 'Air date must be a calendar date (YYYY-MM-DD)', field: 'air_date' });
    expect((await move('2027-06-08')).json().error).toMatch(/^A makegood must air between 2027-06-09 and \d{4}-\d\d-\d\d$/);
    const full = await move('2027-06-09'); // 3 booked + the first offer's hold
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: 'No free spot in this daypart on that day' });
    const moved = await move('2027-06-11');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ message: 'Makegood offer changed', makegood: { air_date: '2027-06-11', status: 'offered' } });
    expect(moved.json().makegood.events.map((e: { action: string; by: string }) => [e.action, e.by])).toEqual([
      ['offered', 'system'],
      ['changed', 'admin@spotbook.test'],
    ]);
  });

  it('places an accepted makegood on the log as the makegood of the missed spot', async () => {
    const res = await t.inject({ method: 'POST', url: `/api/makegoods/${first.id}/accept`, token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Makegood accepted: the spot is placed on the log', makegood: { status: 'accepted', credit: 0 } });
    // The traffic desk hears of the reply (issue 29, item 18).
    expect(await adminMessages()).toContainEqual(
      expect.objectContaining({
        type: 'system_message',
        estimateId: order.id,
        message: `${owner.email} accepted the makegood for the spot missed on Jun 7, 2027 on order "Breakfast show"`,
      }),
    );
    const ninth = await spotsOn('2027-06-09');
    expect(ninth).toHaveLength(4);
    expect(ninth.filter((s) => s.makegood_offer_id === first.id)).toHaveLength(1);
    expect((await spotsOn(DAY)).find((s) => s.id === first.missed_spot_id)?.status).toBe('made_good');
    const again = await t.inject({ method: 'POST', url: `/api/makegoods/${first.id}/decline`, token: owner.token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This makegood offer has already been answered' });
  });

  it('credits a declined makegood: its cost leaves the billable amount and the invoice', async () => {
    const before = await makegoods();
    const res = await t.inject({ method: 'POST', url: `/api/makegoods/${second.id}/decline`, token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Makegood declined: the missed spot is credited', makegood: { status: 'declined', credit: SPOT_COST } });
    expect(await adminMessages()).toContainEqual(
      expect.objectContaining({
        type: 'system_message',
        subType: 'warning',
        message: `${owner.email} declined the makegood for the spot missed on Jun 7, 2027 on order "Breakfast show"`,
      }),
    );
    const after = await makegoods();
    expect(after.credits).toBe(SPOT_COST);
    expect(after.billable_amount).toBeCloseTo(before.billable_amount - SPOT_COST, 2);
    // The freed slot is available again.
    const availability = (
      await t.inject({ method: 'GET', url: `/api/dayparts/availability/${daypartId}?start_date=2027-06-11&end_date=2027-06-11`, token: owner.token })
    ).json();
    expect(availability.days[0].available_spots).toBe(1);

    // The affidavit certifies the makegood and the credit.
    const csv = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/affidavit?from=${DAY}&to=${DAY}&format=csv`, token: owner.token })).body
      .trim()
      .split('\r\n');
    expect(csv.slice(1).map((l) => l.split(',').slice(6, 11))).toEqual([
      ['aired', '1366', '20.49', 'no', '0.00'],
      ['made_good', '0', '0.00', 'no', '0.00'],
      ['missed', '0', '0.00', 'no', '20.49'],
    ]);
    const pdf = pdfText(
      (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/affidavit?from=${DAY}&to=2027-06-09`, token: owner.token })).rawPayload,
    );
    expect(pdf).toContain('Credits: $20.49');
    expect(pdf).toContain('Missed: 2 (made good: 1)');

    const invoice = await t.inject({
      method: 'POST',
      url: `/api/billing/from-estimate/${order.id}`,
      token: admin,
      payload: { due_days: 30, tax_rate: 0, discount_amount: 0 },
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json().subtotal).toBeCloseTo(after.billable_amount, 2);
    // The credit is a line of its own, and the lines add up to the subtotal (decision 020).
    const { invoice_lines: lines } = (await t.inject({ method: 'GET', url: `/api/billing/${invoice.json().id}`, token: admin })).json() as {
      invoice_lines: { description: string; amount: number }[];
    };
    expect(lines.at(-1)).toMatchObject({ description: 'Credit for missed spots not made good', amount: -SPOT_COST });
    expect(lines.reduce((cents, line) => cents + Math.round(line.amount * 100), 0)).toBe(Math.round(invoice.json().subtotal * 100));
  });

  it('expires unanswered offers after 72 hours as declined (credited)', async () => {
    const [spot] = await spotsOn(NEXT);
    const res = await upload('tuesday.csv', `date,time,house_code,duration,status,spot_id\n${NEXT},${spot!.local_time},${house},30,missed,${spot!.id}\n`);
    expect(res.statusCode, res.body).toBe(201);
    const open = (await makegoods()).makegoods.filter((m) => m.missed_date === NEXT);
    expect(open).toHaveLength(3);
    expect(open.every((m) => m.status === 'offered')).toBe(true);
    // A day master control already has cannot take a makegood.
    await t.inject({ method: 'GET', url: `/api/traffic/logs/${open[0]!.air_date}/export?format=csv`, token: admin });
    const exported = await t.inject({ method: 'POST', url: `/api/makegoods/${open[0]!.id}/accept`, token: owner.token });
    expect(exported.statusCode).toBe(409);
    expect(exported.json()).toEqual({ error: "The offered day's log is already with master control; the station must offer another day" });
    now = new Date(now.getTime() + 73 * 3_600_000);
    // Past its expiry an offer cannot be accepted, even before the clock has run.
    const overdue = await t.inject({ method: 'POST', url: `/api/makegoods/${open[1]!.id}/decline`, token: owner.token });
    expect(overdue.statusCode).toBe(409);
    expect(overdue.json()).toEqual({ error: 'This makegood offer has expired' });
    await t.app.ctx.stationClock.tick();
    const expired = (await makegoods()).makegoods.filter((m) => m.missed_date === NEXT);
    expect(expired.map((m) => [m.status, m.credit])).toEqual(open.map(() => ['expired', SPOT_COST]));
    expect(expired[0]!.events.at(-1)).toMatchObject({ action: 'expired', by: 'system' });
    const late = await t.inject({ method: 'POST', url: `/api/makegoods/${open[0]!.id}/accept`, token: owner.token });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'This makegood offer has already been answered' });
  });
});

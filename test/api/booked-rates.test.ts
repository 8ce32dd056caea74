/**
 * Booked rates (issue 30, finding 3; decision 029): a line is priced at the CPM and multiplier it was
 * booked at. After the daypart's base CPM goes from 20 to 21 and its multiplier from 1 to 1.5, an order
 * booked before keeps its weekly cost, its invoice's lines and CPM, the spend each airing delivers and
 * a missed spot's makegood credit; an order not yet booked prices at the new card, and is booked at it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airingOf } from '../../src/domain/campaigns';
import { estimateItems } from '../../src/server/db/schema';
import { spotCostCents } from '../../src/server/modules/makegoods/offer';
import { createTestApp, type TestApp } from '../support/app';
import { approvedOrder, createInvoice } from '../support/billing-fixtures';
import { campaignOfOrder, setOrderStatus, simulate } from '../support/campaign-fixtures';
import { createDaypart, submittedOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ demo: true }); // the Demo airing delivers (decision 031)
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

const itemsOf = async (id: string, token = admin) =>
  (await t.inject({ method: 'GET', url: `/api/estimate-items/${id}`, token })).json() as { id: string; weekly_cost: number }[];
/** One airing's spend at a CPM and multiplier, in dollars, as decision 005 counts it. */
const airingSpend = (multiplier: number, cpmCents: number) => airingOf(multiplier, cpmCents, Number.MAX_SAFE_INTEGER).spendCents / 100;

describe('a rate-card change after booking', () => {
  it('changes nothing already booked: weekly cost, invoice lines and CPM, delivered spend, makegood credit', async () => {
    const daypart = await createDaypart(t.database.db, { baseCpmCents: 2000, multiplier: 1 });
    const { order, owner } = await approvedOrder(t, { daypartId: daypart.id, spots: 2 });
    const pending = await submittedOrder(t, { daypartId: daypart.id, spots: 2, name: 'Not booked yet' });
    const bookedCost = (await itemsOf(order.id))[0]!.weekly_cost;
    const pendingCost = (await itemsOf(pending.order.id))[0]!.weekly_cost;
    expect(pendingCost).toBe(bookedCost);

    const changed = await t.inject({ method: 'PUT', url: `/api/dayparts/${daypart.id}`, token: admin, payload: { base_cpm: 21, multiplier: 1.5 } });
    expect(changed.statusCode, changed.body).toBe(200);

    // The booked order's price stands; the pending one follows the card.
    expect((await itemsOf(order.id, owner.token))[0]!.weekly_cost).toBe(bookedCost);
    expect((await itemsOf(pending.order.id))[0]!.weekly_cost).toBeGreaterThan(bookedCost);

    // Its invoice bills at CPM 20.
    const invoice = await createInvoice(t, order.id);
    const detail = (await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}`, token: admin })).json() as {
      lines: { cpm: number }[];
      invoice_lines: { unit_price?: number; amount?: number; description?: string }[];
    };
    expect(detail.lines.map((l) => l.cpm)).toEqual([20]);

    // Each airing delivers the spend of CPM 20 at multiplier 1.
    await setOrderStatus(t, order.id, 'active');
    const campaign = await campaignOfOrder(t, admin, order.id);
    const aired = await simulate(t, admin, campaign!.campaign_id);
    expect(aired.statusCode, aired.body).toBe(200);
    expect(aired.json().airing.spend).toBe(airingSpend(1, 2000));
    expect(aired.json().airing.spend).not.toBe(airingSpend(1.5, 2100));

    // A missed spot's credit is the booked spot's cost.
    const [item] = await t.database.db.select().from(estimateItems).where(eq(estimateItems.estimateId, order.id));
    expect(item).toMatchObject({ bookedCpmCents: 2000, bookedMultiplier: 1 });
    const [row] = await t.database.db.select().from(estimateItems).where(eq(estimateItems.estimateId, pending.order.id));
    expect(row).toMatchObject({ bookedCpmCents: null, bookedMultiplier: null });
    const { dayparts } = await import('../../src/server/db/schema');
    const [live] = await t.database.db.select().from(dayparts).where(eq(dayparts.id, daypart.id));
    expect(spotCostCents(live!, item!)).toBe(airingSpend(1, 2000) * 100);

    // The pending order is booked at the card of its approval day.
    const approve = await t.inject({ method: 'PATCH', url: `/api/estimates/${pending.order.id}/approve`, token: admin, payload: {} });
    expect(approve.statusCode, approve.body).toBe(200);
    const [stamped] = await t.database.db.select().from(estimateItems).where(eq(estimateItems.estimateId, pending.order.id));
    expect(stamped).toMatchObject({ bookedCpmCents: 2100, bookedMultiplier: 1.5 });
  });

  it('sent back to review, an order prices at the card again and is booked anew when approved again', async () => {
    const daypart = await createDaypart(t.database.db, { baseCpmCents: 2000, multiplier: 1 });
    const { order } = await approvedOrder(t, { daypartId: daypart.id, spots: 2 });
    expect((await t.inject({ method: 'PUT', url: `/api/dayparts/${daypart.id}`, token: admin, payload: { base_cpm: 30 } })).statusCode).toBe(200);
    await setOrderStatus(t, order.id, 'ordered');
    const [back] = await t.database.db.select().from(estimateItems).where(eq(estimateItems.estimateId, order.id));
    expect(back).toMatchObject({ bookedCpmCents: null, bookedMultiplier: null });
    await setOrderStatus(t, order.id, 'approved');
    const [again] = await t.database.db.select().from(estimateItems).where(eq(estimateItems.estimateId, order.id));
    expect(again).toMatchObject({ bookedCpmCents: 3000, bookedMultiplier: 1 });
  });
});

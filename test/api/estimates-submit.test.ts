import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponUsages, coupons, mediaAssets, paymentMethods } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import {
  addItem,
  clientWithBrand,
  createBrand,
  createCoupon,
  createOrder,
  dateIn,
  daypartByName,
  getOrder,
  newClient,
  putOrder,
  readyOrder,
  submittedOrder,
} from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const submit = (token: string, id: string, extra: Record<string, unknown> = {}) => putOrder(t, token, id, { ...extra, status: 'ordered' });

/** Refused with the spec's message, and the order's field it is about when it is about one (decision 043). */
const expectRefusal = async (token: string, id: string, error: string, field?: string) => {
  const res = await submit(token, id);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual(field ? { error, field } : { error });
};

describe('submitting an order (PUT status "ordered")', () => {
  it('checks media, card, time slots, then the order form, in that order', async () => {
    const c = await clientWithBrand(t);
    const order = await createOrder(t, c.token, { brand_id: c.brand.id });
    await expectRefusal(c.token, order.id, 'Please select media before submitting the order', 'media_asset_id');
    await putOrder(t, c.token, order.id, { media_asset_id: c.media.id });
    await expectRefusal(c.token, order.id, 'Please select a payment method before submitting the order', 'payment_method_id');
    await putOrder(t, c.token, order.id, { payment_method_id: c.card.id });
    await expectRefusal(c.token, order.id, 'Please add at least one time slot before submitting the order', 'selectedDayparts');
    await addItem(t, c.token, order.id, { daypart_id: (await daypartByName(t.database.db, 'Early Morning')).id, spots_per_occurrence: 10 });
    await expectRefusal(c.token, order.id, 'Order name is required', 'estimate_name');
    await putOrder(t, c.token, order.id, { estimate_name: '   ' });
    await expectRefusal(c.token, order.id, 'Order name is required', 'estimate_name');
    await putOrder(t, c.token, order.id, { estimate_name: 'Launch', start_date: null });
    await expectRefusal(c.token, order.id, 'Start date is required', 'start_date');
    await putOrder(t, c.token, order.id, { start_date: dateIn(6) });
    await expectRefusal(c.token, order.id, 'Start date must be at least 7 days from today for campaign planning', 'start_date');
    await putOrder(t, c.token, order.id, { start_date: dateIn(7) });
    await expectRefusal(c.token, order.id, 'Total budget must be greater than 0', 'total_spend');
    await putOrder(t, c.token, order.id, { total_spend: 1024 });
    await expectRefusal(c.token, order.id, 'Budget too small. Weekly cost is $1,024.50, minimum budget needed: $1,024.50', 'total_spend');
    await putOrder(t, c.token, order.id, { total_spend: 1_000_000_000 });
    expect((await getOrder(t, c.token, order.id)).end_date).toBeNull();
    await expectRefusal(c.token, order.id, 'The budget would run this campaign for more than 10 years; lower the budget or add time slots');

    const res = await submit(c.token, order.id, { total_spend: 1025 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ordered', total_spend: 1025, total_amount: 1025, end_date: dateIn(7 + 7) });
  });

  it('changes nothing when the submit is refused', async () => {
    const { owner, order } = await readyOrder(t);
    const res = await submit(owner.token, order.id, { estimate_name: 'Renamed', start_date: dateIn(2) });
    expect(res.statusCode).toBe(400);
    expect(await getOrder(t, owner.token, order.id)).toMatchObject({ estimate_name: order.estimate_name, start_date: order.start_date, status: 'draft' });
  });

  it("refuses media that is no longer the brand's and a card that is not the owner's", async () => {
    const { owner, order } = await readyOrder(t);
    const elsewhere = await createBrand(t.database.db, owner.id);
    await t.database.db.update(mediaAssets).set({ brandId: elsewhere.id }).where(eq(mediaAssets.id, owner.media.id));
    await expectRefusal(owner.token, order.id, "The selected media does not belong to the order's brand", 'media_asset_id');
    await t.database.db.update(mediaAssets).set({ brandId: owner.brand.id }).where(eq(mediaAssets.id, owner.media.id));

    const stranger = await newClient(t);
    await t.database.db.update(paymentMethods).set({ ownerId: stranger.id }).where(eq(paymentMethods.id, owner.card.id));
    await expectRefusal(owner.token, order.id, "The selected payment method does not belong to the order's owner", 'payment_method_id');
    await t.database.db.update(paymentMethods).set({ ownerId: owner.id }).where(eq(paymentMethods.id, owner.card.id));
    expect((await submit(owner.token, order.id)).statusCode).toBe(200);
  });

  it('lets a client set no other status (403); sending the current status changes nothing', async () => {
    const { owner, order } = await readyOrder(t);
    for (const status of ['approved', 'scheduled', 'active', 'completed', 'rejected', 'modified', 'pending_approval']) {
      const res = await putOrder(t, owner.token, order.id, { status });
      expect(res.statusCode, status).toBe(403);
      expect(res.json()).toEqual({ error: 'You cannot change the status of this order' });
    }
    const same = await putOrder(t, owner.token, order.id, { status: 'draft', notes: 'kept' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ status: 'draft', notes: 'kept' });
    const unknown = await putOrder(t, owner.token, order.id, { status: 'paid' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'Unknown order status', field: 'status' });
  });

  it('resubmits a rejected order after editing it, and an order sent back for changes', async () => {
    const { owner, order } = await submittedOrder(t);
    const rejected = await t.inject({
      method: 'PATCH',
      url: `/api/estimates/${order.id}/reject`,
      token: admin,
      payload: { notes: 'Budget too low for the season' },
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', notes: 'Budget too low for the season' });
    const edited = await putOrder(t, owner.token, order.id, { total_spend: 8000 });
    expect(edited.statusCode).toBe(200);
    const again = await submit(owner.token, order.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'ordered', total_spend: 8000 });

    await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/modify`, token: admin, payload: { notes: 'Add a weekend slot' } });
    await addItem(t, owner.token, order.id, { daypart_id: (await daypartByName(t.database.db, 'Weekend Evening')).id, spots_per_occurrence: 5 });
    const third = await submit(owner.token, order.id);
    expect(third.statusCode).toBe(200);
    expect(third.json()).toMatchObject({ status: 'ordered', total_estimated_cost: 1570.9 });
  });
});

describe('orders an admin places', () => {
  it('checks an admin’s own submit like any other; Order Management still moves other people’s orders freely', async () => {
    const own = await createOrder(t, admin, { estimate_name: 'House spot' });
    const refused = await submit(admin, own.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Please select media before submitting the order', field: 'media_asset_id' });
    expect((await getOrder(t, admin, own.id)).status).toBe('draft');

    const client = await newClient(t);
    const theirs = await createOrder(t, client.token, { estimate_name: 'Bare draft' });
    const moved = await putOrder(t, admin, theirs.id, { status: 'ordered', notes: 'Entered by phone' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'ordered', notes: 'Entered by phone' });
  });

  it('pays an admin’s order for an advertiser’s brand with the advertiser’s card', async () => {
    const { owner } = await readyOrder(t);
    const order = await createOrder(t, admin, { estimate_name: 'For a client', brand_id: owner.brand.id });
    const res = await putOrder(t, admin, order.id, { media_asset_id: owner.media.id, payment_method_id: owner.card.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ payment_method_id: owner.card.id, payment_last4: owner.card.last4 });
  });
});

describe('coupons at submit', () => {
  it('redeems the coupon in the submit: discount, amount owed and one recorded use', async () => {
    const coupon = await createCoupon(t.database.db, { percentageOff: 10, maxDiscountAmountCents: 10_000 });
    const { owner, order } = await readyOrder(t, { totalSpend: 5000 });
    const set = await putOrder(t, owner.token, order.id, { coupon_code: ` ${coupon.code.toLowerCase()} ` });
    expect(set.json()).toMatchObject({ coupon_code: coupon.code, discount_amount: 0, total_amount: 5000 });
    const res = await submit(owner.token, order.id);
    expect(res.statusCode, res.body).toBe(200);
    // 10 % of $5,000 is $500, capped at $100.
    expect(res.json()).toMatchObject({ status: 'ordered', coupon_code: coupon.code, discount_amount: 100, total_amount: 4900, total_spend: 5000 });

    const uses = await t.database.db
      .select()
      .from(couponUsages)
      .where(and(eq(couponUsages.couponId, coupon.id), eq(couponUsages.estimateId, order.id)));
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ userId: owner.id, originalAmountCents: 500_000, discountAmountCents: 10_000, finalAmountCents: 490_000 });

    // Rejected, edited and resubmitted: the coupon still counts once for this order.
    await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/reject`, token: admin });
    await putOrder(t, owner.token, order.id, { notes: 'again' });
    expect((await submit(owner.token, order.id)).json()).toMatchObject({ status: 'ordered', discount_amount: 100, total_amount: 4900 });
    const [row] = await t.database.db.select({ n: coupons.usageCount }).from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.n).toBe(1);
  });

  it('recomputes the discount on the budget of a resubmit, never on an amount sent to /use', async () => {
    const coupon = await createCoupon(t.database.db, { percentageOff: 10, maxDiscountAmountCents: 50_000 });
    const { owner, order } = await readyOrder(t, { totalSpend: 5000 });
    await putOrder(t, owner.token, order.id, { coupon_code: coupon.code });
    // An inflated amount recorded through /use first does not carry over into the order.
    const used = await t.inject({
      method: 'POST',
      url: `/api/coupons/${coupon.id}/use`,
      token: owner.token,
      payload: { estimate_id: order.id, original_amount: 1_000_000 },
    });
    expect(used.statusCode).toBe(201);
    expect((await submit(owner.token, order.id)).json()).toMatchObject({ status: 'ordered', discount_amount: 500, total_amount: 4500 });

    await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/modify`, token: admin, payload: { notes: 'Smaller, please' } });
    await putOrder(t, owner.token, order.id, { total_spend: 3000 });
    expect((await submit(owner.token, order.id)).json()).toMatchObject({ status: 'ordered', discount_amount: 300, total_amount: 2700 });
    const uses = await t.database.db.select().from(couponUsages).where(eq(couponUsages.estimateId, order.id));
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ originalAmountCents: 300_000, discountAmountCents: 30_000, finalAmountCents: 270_000 });
  });

  it('gives the coupon’s use back when the order drops its code', async () => {
    const coupon = await createCoupon(t.database.db, { percentageOff: 10, maxDiscountAmountCents: 10_000 });
    const { owner, order } = await readyOrder(t, { totalSpend: 5000 });
    await putOrder(t, owner.token, order.id, { coupon_code: coupon.code });
    await submit(owner.token, order.id);
    await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/reject`, token: admin });
    const cleared = await putOrder(t, owner.token, order.id, { coupon_code: null });
    expect(cleared.json()).toMatchObject({ coupon_code: null, discount_amount: 0, total_amount: 5000 });
    const [row] = await t.database.db.select({ n: coupons.usageCount }).from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.n).toBe(0);
    expect(await t.database.db.select().from(couponUsages).where(eq(couponUsages.estimateId, order.id))).toEqual([]);
  });

  it('refuses the submit with the coupon message and leaves the order a draft', async () => {
    const { owner, order } = await readyOrder(t);
    await putOrder(t, owner.token, order.id, { coupon_code: 'NO-SUCH-CODE' });
    await expectRefusal(owner.token, order.id, 'Invalid coupon code', 'coupon_code');
    const spent = await createCoupon(t.database.db, { usageLimit: 1, usageCount: 1 });
    await putOrder(t, owner.token, order.id, { coupon_code: spent.code });
    await expectRefusal(owner.token, order.id, 'This coupon has reached its usage limit');
    expect((await getOrder(t, owner.token, order.id)).status).toBe('draft');
    const cleared = await putOrder(t, owner.token, order.id, { coupon_code: '' });
    expect(cleared.json().coupon_code).toBeNull();
    expect((await submit(owner.token, order.id)).json()).toMatchObject({ status: 'ordered', discount_amount: 0, total_amount: 5000 });
  });
});

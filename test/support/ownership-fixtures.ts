/** What the ownership walks start from: one advertiser's booked order with its campaign, a draft with an item, and a billed order's invoice. */
import { expect } from 'vitest';
import type { TestApp } from './app';
import { campaignOfOrder, setOrderStatus } from './campaign-fixtures';
import { addItem, createDaypart, createOrder, submittedOrder } from './ordering-fixtures';

export const ownerWithOrders = async (t: TestApp) => {
  const daypart = await createDaypart(t.database.db);
  const booked = await submittedOrder(t, { name: 'Booked order', daypartId: daypart.id, spots: 2 });
  const owner = booked.owner;
  await setOrderStatus(t, booked.order.id, 'scheduled');
  const campaign = await campaignOfOrder(t, owner.token, booked.order.id);
  const draft = await createOrder(t, owner.token, { estimate_name: 'Draft order', brand_id: owner.brand.id });
  const item = await addItem(t, owner.token, draft.id, { daypart_id: daypart.id, spots_per_occurrence: 1 });
  const admin = await t.adminToken();
  const billed = await submittedOrder(t, { owner, name: 'Billed order' });
  expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${billed.order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
  const invoice = (await t.inject({ method: 'POST', url: `/api/billing/from-estimate/${billed.order.id}`, token: admin, payload: {} })).json() as {
    id: string;
  };
  return {
    owner,
    daypart,
    admin,
    booked: booked.order as { id: string },
    campaignId: campaign!.campaign_id as string,
    draft: draft as { id: string },
    itemId: ((item.item ?? item) as { id: string }).id,
    invoice,
  };
};

/** Campaign fixtures: orders moved through Order Management (PUT /api/estimates/:id as admin) until their campaign exists. */
import { expect } from 'vitest';
import type { TestApp } from './app';
import { putOrder, submittedOrder } from './ordering-fixtures';

export const campaignOfOrder = async (t: TestApp, token: string, estimateId: string) => {
  const res = await t.inject({ method: 'GET', url: '/api/campaigns', token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { estimate_id: string; campaign_id: string; status: string }[]).find((c) => c.estimate_id === estimateId);
};

/** Sets the order's status as an admin in Order Management. */
export const setOrderStatus = async (t: TestApp, id: string, status: string) => {
  const res = await putOrder(t, await t.adminToken(), id, { status });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A submitted order moved to `status` (scheduled by default) by an admin, and its campaign. */
export const orderWithCampaign = async (t: TestApp, status: 'scheduled' | 'active' = 'scheduled', options: Parameters<typeof submittedOrder>[1] = {}) => {
  const { owner, order } = await submittedOrder(t, options);
  await setOrderStatus(t, order.id, status);
  const campaign = await campaignOfOrder(t, await t.adminToken(), order.id);
  expect(campaign).toBeDefined();
  return { owner, order, campaignId: campaign!.campaign_id };
};

export const simulate = (t: TestApp, token: string | undefined, campaignId: string) =>
  t.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/simulate-impression`, token });
export const setCampaignStatus = (t: TestApp, token: string | undefined, campaignId: string, status: unknown) =>
  t.inject({ method: 'PATCH', url: `/api/campaigns/${campaignId}/status`, token, payload: { status } });

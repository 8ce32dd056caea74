/**
 * The screens walk, part 2 of 3 (tools: test/support/screen-walk.ts): the station's screens an admin
 * shares with advertisers, orders and approvals, on the demo data, at 1440×900 and 390×844. axe-core
 * finds no serious or critical violation, no page scrolls sideways, and tables fit (decisions 017, 021).
 */
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { hasBrowserForScreens, signIn } from '../support/browser';
import { demoWalk } from '../support/screen-walk';

const walk = demoWalk();

describe.skipIf(!hasBrowserForScreens)('every screen at 1440×900 and 390×844: the station, part 1', () => {
  it('passes axe-core (no serious or critical findings) and never scrolls sideways, as an admin', async () => {
    const { h, page, w } = walk;
    const admin = await h.adminToken();
    const orders = (await h.inject({ method: 'GET', url: '/api/estimates', token: admin })).json() as { id: string; estimate_name: string }[];
    const order = orders.find((o) => o.estimate_name === 'Weekend Family Push')!;
    const draft = orders.find((o) => o.estimate_name === 'Back to School')!;
    const campaigns = (await h.inject({ method: 'GET', url: '/api/campaigns', token: admin })).json() as { campaign_id: string }[];

    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN.email, ADMIN.password);
    const problems = await w.walk('admin', [
      ...w.sharedScreens(order.id, draft.id),
      { name: 'campaign-detail', path: `/app/campaigns/${campaigns[0]!.campaign_id}` },
      { name: 'orders-running', path: '/app/orders?tab=running', rows: true },
      { name: 'orders-completed', path: '/app/orders?tab=completed' },
      { name: 'orders-rejected', path: '/app/orders?tab=rejected', rows: true },
      { name: 'orders-all', path: '/app/orders?tab=all', rows: true },
      { name: 'order-management', path: '/app/admin/approvals', rows: true },
      { name: 'drafts', path: '/app/admin/drafts', rows: true },
      { name: 'media-approvals', path: '/app/admin/media-approvals', rows: true },
      { name: 'media-approvals-approved', path: '/app/admin/media-approvals', tab: 'Approved', rows: true },
      { name: 'media-approvals-rejected', path: '/app/admin/media-approvals', tab: 'Rejected' },
      { name: 'media-approvals-all', path: '/app/admin/media-approvals', tab: 'All', rows: true },
    ]);
    expect(problems).toEqual([]);
  }, 420_000);
});

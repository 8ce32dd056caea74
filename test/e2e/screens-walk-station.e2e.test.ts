/**
 * The screens walk, part 3 of 3 (tools: test/support/screen-walk.ts): the station's own screens
 * (money, traffic, administration), on the demo data, at 1440×900 and 390×844. axe-core finds no
 * serious or critical violation, no page scrolls sideways, tables fit, and on a phone an invoice is a
 * card with its actions in view (decisions 017, 021).
 */
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { hasBrowserForScreens, signIn } from '../support/browser';
import { demoWalk } from '../support/screen-walk';

const walk = demoWalk();

describe.skipIf(!hasBrowserForScreens)('every screen at 1440×900 and 390×844: the station, part 2', () => {
  it('passes axe-core (no serious or critical findings) and never scrolls sideways, as an admin', async () => {
    const { page, w } = walk;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN.email, ADMIN.password);
    const problems = await w.walk('admin', [
      { name: 'reconciliation', path: '/app/admin/reconciliation', rows: true },
      { name: 'billing-overview', path: '/app/admin/billing', dialogs: [{ name: 'create-invoice', open: w.modal('Create Invoice', 'Create Invoice') }] },
      {
        name: 'invoices',
        path: '/app/admin/billing',
        tab: 'Invoices',
        rows: true,
        dialogs: [{ name: 'record-payment', open: w.modal(/^Record payment for /, 'Record Payment') }],
      },
      { name: 'billing-analytics', path: '/app/admin/billing', tab: 'Analytics' },
      {
        name: 'ageing',
        path: '/app/admin/billing',
        tab: 'Ageing',
        rows: true,
        dialogs: [{ name: 'statement', open: w.modal(/^Statement for /, /^Statement for /) }],
      },
      { name: 'users', path: '/app/admin/users', rows: true },
      { name: 'coupons', path: '/app/admin/coupons', rows: true },
      { name: 'notification-settings', path: '/app/admin/notifications' },
      { name: 'traffic-log', path: '/app/admin/traffic', rows: true },
      { name: 'as-run', path: '/app/admin/as-run' },
      { name: 'discrepancies', path: '/app/admin/discrepancies' },
      { name: 'audit', path: '/app/admin/audit', rows: true },
      { name: 'station-settings', path: '/app/admin/station' },
      { name: 'rate-card', path: '/app/admin/rate-card', dialogs: [{ name: 'edit-daypart', open: w.modal(/^Edit /, /^Edit /) }] },
    ]);

    // On a phone an invoice is a card: its actions are there once, by name, in view; the table's
    // rows and column headers are still there for a screen reader.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/admin/billing');
    await page.getByRole('tab', { name: 'Invoices' }).click();
    const invoices = page.getByRole('table', { name: 'Invoices' });
    const send = invoices.getByRole('button', { name: /^Send INV-/ });
    await send.first().waitFor();
    expect(await send.count()).toBe(1);
    const sendBox = (await send.boundingBox())!;
    expect(sendBox.x).toBeGreaterThanOrEqual(0);
    expect(sendBox.x + sendBox.width).toBeLessThanOrEqual(390);
    expect(await invoices.getByRole('columnheader', { name: 'Balance' }).count()).toBe(1);
    expect(await invoices.getByRole('row').count()).toBeGreaterThan(1);

    // On a phone the recipients' addresses are read whole, not cut to "sa…".
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/admin/notifications');
    const address = page.getByText('sales@station.example', { exact: true });
    await address.waitFor();
    expect(await address.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    expect(problems).toEqual([]);
  }, 420_000);
});

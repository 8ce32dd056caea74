/**
 * Issue 29 in the browser: screens that tell the truth. Sign-in keeps the page asked for and does not
 * leave its error toast behind; the revenue trend says its window; Bill broadcast month defaults to
 * the station's last finished broadcast month; the order tabs add up; a voided invoice is not offered
 * for payment; an advertiser's statement, for the admin and for the advertiser.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifySystemMessage } from '../../src/server/modules/notifications';
import { ADMIN, signUpBody } from '../support/app';
import { approvedOrder, invoicedOrder } from '../support/billing-fixtures';
import { putOrder } from '../support/ordering-fixtures';
import { hasBrowserForScreens, openSignedIn, signIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { clockFrom } from '../support/clock';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowserForScreens) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowserForScreens)('issue 29 in the browser', () => {
  it('a deep link survives sign-in, and a failed attempt’s toast does not follow the user in (items 10, 11)', async () => {
    const page = await h.newPage();
    await page.goto('/app/admin/billing');
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-Passw0rd');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.locator('[role="status"]').getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/app/admin/billing');
    await page.getByRole('heading', { name: 'Billing & Invoicing' }).first().waitFor();
    expect(await page.getByText('Invalid email or password').count()).toBe(0);
  });

  it('Create Invoice offers scheduled orders and not invoiced ones; a voided invoice shows no balance and no Send or Record Payment (items 4, 2)', async () => {
    const admin = await h.adminToken();
    const scheduled = await approvedOrder(h, { name: 'Scheduled To Invoice' });
    expect((await putOrder(h, admin, scheduled.order.id, { status: 'scheduled' })).statusCode).toBe(200);
    const invoiced = await invoicedOrder(h, { name: 'Already Invoiced', totalSpend: 1750 });
    const voided = await invoicedOrder(h, { name: 'Voided Invoice', totalSpend: 1750 });
    expect(
      (await h.inject({ method: 'POST', url: `/api/billing/${voided.invoice.id}/void`, token: admin, payload: { reason: 'Booked in error' } })).statusCode,
    ).toBe(200);

    const page = await h.newPage();
    await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/admin/billing');
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    const create = page.getByRole('dialog', { name: 'Create Invoice' });
    const options = create.getByLabel('Approved Order').locator('option');
    await options.filter({ hasText: 'Scheduled To Invoice' }).waitFor({ state: 'attached' });
    expect(await options.filter({ hasText: 'Scheduled To Invoice' }).innerText()).toContain('Scheduled');
    expect(await options.filter({ hasText: 'Already Invoiced' }).count()).toBe(0);
    // The voided invoice's order can be invoiced again.
    expect(await options.filter({ hasText: 'Voided Invoice' }).count()).toBe(1);
    // Terms that say the due days follow them (item 22).
    await create.getByLabel('Due in (days)').fill('45');
    expect(await create.getByLabel('Payment Terms').inputValue()).toBe('Net 45 days');
    // Tab never leaves the dialog, forwards or backwards (item 22).
    const stops = await create.evaluate((d) => d.querySelectorAll('a[href], button, input, select, textarea').length);
    const inside = () => create.evaluate((d) => d.contains(document.activeElement));
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inside(), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside(), `Shift+Tab ${i + 1}`).toBe(true);
    }
    await create.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('tab', { name: 'Invoices' }).click();
    const voidRow = page.getByRole('row', { name: new RegExp(voided.invoice.invoice_number) });
    await voidRow.getByText('Cancelled').waitFor();
    expect(await voidRow.locator('td[data-label="Balance"]').innerText()).toBe('$0.00');
    expect(await voidRow.getByRole('button', { name: `Send ${voided.invoice.invoice_number}` }).count()).toBe(0);
    expect(await voidRow.getByRole('button', { name: `Record payment for ${voided.invoice.invoice_number}` }).count()).toBe(0);
    const openRow = page.getByRole('row', { name: new RegExp(invoiced.invoice.invoice_number) });
    await openRow.getByRole('button', { name: `Send ${invoiced.invoice.invoice_number}` }).waitFor();
    // Record Payment asks how the money came and its reference (item 22).
    await openRow.getByRole('button', { name: `Record payment for ${invoiced.invoice.invoice_number}` }).click();
    const payDialog = page.getByRole('dialog', { name: `Record Payment · ${invoiced.invoice.invoice_number}` });
    await payDialog.getByLabel('Method').selectOption({ label: 'Wire transfer' });
    await payDialog.getByLabel('Reference').fill('FED 20261126-01');
    await payDialog.getByLabel('Amount').fill('500');
    await payDialog.getByRole('button', { name: 'Record Payment' }).click();
    await page.getByText('Payment recorded successfully').waitFor();
    const stored = (await h.inject({ method: 'GET', url: `/api/billing/${invoiced.invoice.id}`, token: admin })).json().payments;
    expect(stored).toEqual([expect.objectContaining({ amount: 500, method: 'wire', reference: 'FED 20261126-01' })]);
  });

  it('an approved order’s page offers its next step, Schedule, and the Overview says what each card counts (items 14, 1)', async () => {
    const { order } = await approvedOrder(h, { name: 'Next Step Order' });
    const page = await h.newPage();
    await openSignedIn(page, ADMIN.email, ADMIN.password, `/app/estimates/${order.id}`);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Order' });
    await dialog.getByText('its campaign is created and waits for its start date').waitFor();
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByText('Order status updated to Scheduled').waitFor();
    await page.getByRole('main').getByText('Scheduled', { exact: true }).first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Schedule', exact: true }).count()).toBe(0);

    await page.goto('/app/admin/billing');
    await page.getByText('All open invoices, as in Ageing').waitFor();
    await page.getByText('Issued in the last 30 days').waitFor();
  });

  it('the bell’s “Showing 10 of 12” lets one see the rest, and Clear All asks first (item 18)', async () => {
    const { user, password } = await h.signUp();
    for (let i = 1; i <= 12; i += 1) await notifySystemMessage(h.app.ctx, { to: { userIds: [user.id] }, message: `Note number ${i}` });
    const page = await h.newPage();
    await signIn(page, user.email, password);
    await page
      .getByRole('button', { name: /^Notifications/ })
      .first()
      .click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByText('Showing 10 of 12 notifications').waitFor();
    expect(await panel.getByText('Note number 1', { exact: true }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Show all' }).click();
    await panel.getByText('Note number 1', { exact: true }).waitFor();
    await panel.getByText('Showing 12 of 12 notifications').waitFor();

    await panel.getByRole('button', { name: 'Clear All' }).click();
    const ask = panel.getByRole('alertdialog', { name: 'Clear all notifications?' });
    await ask.getByText('Clear all 12 notifications? This cannot be undone.').waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await panel.getByText('Note number 12', { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Clear All' }).click();
    await panel.getByRole('alertdialog', { name: 'Clear all notifications?' }).getByRole('button', { name: 'Clear', exact: true }).click();
    await panel.getByText('No notifications yet').waitFor();
  });

  it('the revenue trend says it keeps its 90 days and which part of them is the Period (item 9; issue 44)', async () => {
    const page = await h.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByText('Last 90 days by day; the shaded part is the Period, the last 30 days').waitFor();
    await page.getByLabel('Period').selectOption('7');
    await page.getByText('Last 90 days by day; the shaded part is the Period, the last 7 days').waitFor();
    await page.getByLabel('Period').selectOption('365');
    await page.getByText("Last 90 days by day: the latest part of the Period's 365 days").waitFor();
    expect(await page.getByText(/whatever the Period/).count()).toBe(0);
  });

  it('a statement: the admin opens an advertiser’s from Ageing, the advertiser its own from Billing; both show the same lines and closing balance', async () => {
    const admin = await h.adminToken();
    const { invoice, owner } = await invoicedOrder(h, { name: 'Statement Order', totalSpend: 2000, company: 'Statement Browser Co' });
    expect((await h.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
    expect(
      (await h.inject({ method: 'POST', url: `/api/billing/${invoice.id}/payments`, token: admin, payload: { amount: 500, payment_date: invoice.issue_date } }))
        .statusCode,
    ).toBe(201);

    const checkStatement = async (dialog: ReturnType<Page['getByRole']>) => {
      const rows = dialog.getByRole('table', { name: 'Statement lines' }).getByRole('row');
      await rows.filter({ hasText: 'Invoice' }).filter({ hasText: '$2,000.00' }).waitFor();
      await rows.filter({ hasText: 'Payment' }).filter({ hasText: '-$500.00' }).filter({ hasText: '$1,500.00' }).waitFor();
      expect(await dialog.getByRole('definition').filter({ hasText: '$1,500.00' }).count()).toBeGreaterThanOrEqual(2); // closing balance, total owed
      await dialog.getByRole('button', { name: 'Download PDF' }).click();
      await dialog.page().getByText('PDF downloaded').waitFor();
    };

    const page = await h.newPage();
    await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/admin/billing');
    await page.getByRole('tab', { name: 'Ageing' }).click();
    await page.getByRole('button', { name: 'Statement for Statement Browser Co' }).click();
    await checkStatement(page.getByRole('dialog', { name: 'Statement for Statement Browser Co' }));
    // Also from an invoice's details, for a customer that owes nothing too (not on Ageing).
    await page.getByRole('dialog', { name: 'Statement for Statement Browser Co' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('tab', { name: 'Invoices' }).click();
    await page.getByRole('button', { name: `Details of ${invoice.invoice_number}` }).click();
    await page
      .getByRole('dialog', { name: `Invoice ${invoice.invoice_number}` })
      .getByRole('button', { name: 'Customer statement' })
      .click();
    await page
      .getByRole('dialog', { name: /^Statement for / })
      .getByRole('table', { name: 'Statement lines' })
      .getByText(invoice.invoice_number)
      .first()
      .waitFor();

    const mine = await h.newPage();
    await openSignedIn(mine, owner.email, signUpBody().password, '/app/billing');
    await mine.getByRole('button', { name: 'Statement', exact: true }).click();
    await checkStatement(mine.getByRole('dialog', { name: 'Your statement' }));
  });
});

describe.skipIf(!hasBrowserForScreens)('Bill broadcast month on the station’s clock (item 5)', () => {
  it('defaults to the month the station has finished, even when the browser’s clock says otherwise', async () => {
    // The station's clock reads Monday 1 December 2025: November 2025's broadcast month ended the day before.
    const station = await startBrowserHarness({}, { now: clockFrom('2025-12-01T15:00:00Z') });
    try {
      const page = await station.newPage();
      await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/admin/billing');
      await page.getByRole('button', { name: 'Bill broadcast month' }).click();
      const bill = page.getByRole('dialog', { name: 'Bill Broadcast Month' });
      await bill.getByText('November 2025: Oct 27, 2025 – Nov 30, 2025').waitFor();
      expect(await bill.getByLabel('Broadcast month').inputValue()).toBe('2025-11');
    } finally {
      await station.close();
    }
  });
});

describe.skipIf(!hasBrowserForScreens)('a brand with orders in the browser (item 17)', () => {
  it('its owner edits its contact details; its names are locked and say why', async () => {
    const { owner, order } = await approvedOrder(h, { name: 'Brand With Orders' });
    const page = await h.newPage();
    await openSignedIn(page, owner.email, signUpBody().password, '/app/brands');
    await page.getByRole('button', { name: `Edit ${order.brand_name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Brand' });
    await dialog.getByText('This brand has orders: its names stay as sold. Contact details can change.').first().waitFor();
    expect(await dialog.getByLabel('Common Name').getAttribute('readonly')).not.toBeNull();
    await dialog.getByLabel('Phone').fill('+1 555 010 4242');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('+1 555 010 4242').waitFor();
  });
});

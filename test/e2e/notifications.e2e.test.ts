import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, openSignedIn, signIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { ADMIN, signUpBody } from '../support/app';
import { submittedOrder } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowser) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowser)('live notifications in the browser', () => {
  it("an admin approves an order while the client's page is open; the bell and a toast show it without reload", async () => {
    const { owner, order } = await submittedOrder(h, { name: 'Live Spring Promo' });
    const page = await h.newPage();
    await openSignedIn(page, owner.email, signUpBody().password, `/app/estimates/${order.id}`);
    await page.getByText('Live Spring Promo').first().waitFor();
    await page.getByTestId('realtime-status').and(page.locator('[data-status="connected"]')).waitFor();

    const approve = await h.inject({
      method: 'PATCH',
      url: `/api/estimates/${order.id}/approve`,
      token: await h.adminToken(),
      payload: { notes: 'Approved live' },
    });
    if (approve.statusCode !== 200) throw new Error(approve.body);

    await page.getByText('Your order "Live Spring Promo" was approved').first().waitFor();
    await page.getByText('Approved', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Estimate: Live Spring Promo').waitFor();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Live', { exact: true }).waitFor();
  });

  it("the bell's name is its visible text with the words around it: the unread count, then none once read", async () => {
    const { owner, order } = await submittedOrder(h, { name: 'Bell Name Promo' });
    const page = await h.newPage();
    await signIn(page, owner.email, signUpBody().password);
    await page.getByTestId('realtime-status').and(page.locator('[data-status="connected"]')).waitFor();
    await page.getByRole('button', { name: 'Notifications, live', exact: true }).waitFor();

    const approve = await h.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: await h.adminToken(), payload: { notes: 'Approved' } });
    expect(approve.statusCode, approve.body).toBe(200);
    const bell = page.getByRole('button', { name: 'Notifications 1 unread, live', exact: true });
    await bell.waitFor();
    // The visible text (the count) is in the name, where it is seen.
    expect(await bell.innerText()).toBe('1');

    await bell.click();
    await page.getByRole('region', { name: 'Notifications' }).waitFor();
    await page.getByRole('button', { name: 'Notifications, live', exact: true }).waitFor();
  });

  it('the connection state shows in the bell; a toast says only when it is lost and when it comes back', async () => {
    const { user, password } = await h.signUp();
    const page = await h.newPage();
    await signIn(page, user.email, password);
    const status = page.getByTestId('realtime-status');
    await status.and(page.locator('[data-status="connected"]')).waitFor();
    await page.reload();
    await status.and(page.locator('[data-status="connected"]')).waitFor();
    expect(await page.getByText('Connected to real-time notifications').count()).toBe(0);
    expect(await page.getByText('Connection to real-time notifications failed').count()).toBe(0);

    // The network goes away: the live socket is lost; the bell turns offline and a toast says so, once.
    await page.context().setOffline(true);
    await status.and(page.locator('[data-status="disconnected"]')).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Notifications, offline', exact: true }).waitFor();
    await page.getByText('Connection to real-time notifications failed').waitFor();

    // It comes back: the channel reconnects by itself and a toast says so.
    await page.context().setOffline(false);
    await page.getByText('Connected to real-time notifications').waitFor({ timeout: 15_000 });
    await status.and(page.locator('[data-status="connected"]')).waitFor();
    await page.getByRole('button', { name: 'Notifications, live', exact: true }).waitFor();
  }, 60_000);

  it('a client promoted while their page is open sees the Admin section without reloading', async () => {
    const { user, password } = await h.signUp();
    const page = await h.newPage();
    await signIn(page, user.email, password);
    await page.getByTestId('realtime-status').and(page.locator('[data-status="connected"]')).waitFor();
    expect(await page.getByRole('link', { name: 'Order Management' }).count()).toBe(0);

    const promote = await h.inject({ method: 'PATCH', url: `/api/users/${user.id}/promote`, token: await h.adminToken() });
    expect(promote.statusCode).toBe(200);
    await page.getByRole('link', { name: 'Order Management' }).waitFor();
  });

  it('Email Notification Settings: add, toggle, edit (type locked) and delete a recipient, with the toasts of the spec', async () => {
    const page = await h.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByTestId('realtime-status').and(page.locator('[data-status="connected"]')).waitFor();
    await page.goto('/app/admin/notifications');
    await page.getByRole('heading', { name: 'Email Notification Settings' }).waitFor();
    // One card per type of GET /api/notifications/types.
    const { types } = (await h.inject({ method: 'GET', url: '/api/notifications/types', token: await h.adminToken() })).json() as { types: { name: string }[] };
    for (const { name } of types) await page.getByRole('heading', { name, exact: true }).waitFor();

    await page.getByRole('button', { name: 'Add Recipient' }).click();
    await page.getByText('Notification type and email are required').waitFor();

    await page.getByLabel('Notification Type').selectOption('new_estimate');
    await page.getByLabel('Recipient Email').fill('traffic-desk@station.test');
    await page.getByRole('button', { name: 'Add Recipient' }).click();
    await page.getByText('Setting created successfully').waitFor();
    const card = page.getByRole('region', { name: 'New Orders' });
    await card.getByText('traffic-desk@station.test').waitFor();

    await card.getByRole('switch').click();
    await page.getByText('Setting disabled').waitFor();
    await card.getByRole('switch', { checked: false }).waitFor();
    await card.getByRole('switch').click();
    await page.getByText('Setting enabled').waitFor();

    await card.getByRole('button', { name: /^Edit/ }).click();
    expect(await page.getByLabel('Notification Type').isDisabled()).toBe(true);
    await page.getByLabel('Recipient Email').fill('desk@station.test');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Setting updated successfully').waitFor();
    await card.getByText('desk@station.test', { exact: true }).waitFor();

    await card.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Setting deleted successfully').waitFor();
    await card.getByText('No recipients yet').waitFor();
    const { settings } = (await h.inject({ method: 'GET', url: '/api/notifications/settings', token: await h.adminToken() })).json() as { settings: unknown[] };
    expect(settings).toEqual([]);
  });
});

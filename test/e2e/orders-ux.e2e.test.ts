/**
 * Issue 13, finding one's orders and the order form (decision 018), at 1440×900 and 390×844:
 * status tabs with counts, a New Order discarded when left untouched, a draft that saves itself as
 * it is typed (issue 29, item 13), every Submit problem at once with links to the fields, leaving with unsaved edits,
 * Submit's confirmation with the total due, Withdraw to Draft, the time slots' costs and defaults,
 * and the creative an admin sees (and must approve) before approving the order.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimates, mediaAssets } from '../../src/server/db/schema';
import { ADMIN } from '../support/app';
import { hasBrowserForScreens, keepScreenshot, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { createBrand, createMediaAsset, createPaymentMethod, submittedOrder } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowserForScreens) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const ORDER_URL = /\/app\/estimates\/[0-9a-f-]{36}(\?edit=true)?$/;

/** A new advertiser's page at the given size, signed in on Orders. */
const advertiserPage = async (size: (typeof SIZES)[number], name = 'Ada') => {
  const { user, password } = await h.signUp({ firstName: name, lastName: 'Advertiser' });
  const page = await h.newPage();
  await page.setViewportSize(size);
  await openSignedIn(page, user.email, password, '/app/orders');
  return { page, user };
};

const expectNoSidewaysScroll = async (page: Page) => {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.viewport);
};

/** Screenshots for a reviewer (test-results/ is not committed). */
const snap = (page: Page, name: string) => keepScreenshot(page, `test-results/screenshots/orders-ux/${name}-${page.viewportSize()?.width ?? 0}.png`);

const ordersOf = (ownerId: string) => h.database.db.select().from(estimates).where(eq(estimates.ownerId, ownerId));

/** New Order creates a draft and opens it in edit mode (the specification). */
const openNewOrder = async (page: Page) => {
  if (!page.url().endsWith('/app/orders')) await page.goto('/app/orders');
  await page.getByRole('button', { name: 'New Order' }).first().click();
  await page.waitForURL(/\/app\/estimates\/[0-9a-f-]{36}\?edit=true$/);
};

const focusedAttribute = (page: Page, attribute: string) =>
  page.evaluate((name) => {
    const active = document.activeElement;
    return active?.getAttribute(name) ?? active?.closest(`[${name}]`)?.getAttribute(name) ?? null;
  }, attribute);

describe.skipIf(!hasBrowserForScreens).each(SIZES)('orders and the order form at $width×$height', (size) => {
  it('Orders keeps In progress as the default and finds approved, completed and rejected orders in tabs whose counts add up to All (issue 29, item 12)', async () => {
    const { page, user } = await advertiserPage(size);
    const statuses = ['draft', 'ordered', 'approved', 'scheduled', 'active', 'completed', 'rejected'] as const;
    await h.database.db.insert(estimates).values(statuses.map((status) => ({ ownerId: user.id, estimateName: `Tab ${status}`, status })));

    await page.goto('/app/orders');
    await page.getByRole('heading', { name: 'Orders in Progress' }).waitFor();
    // Each order is in one tab: 2 + 3 + 1 + 1 = All 7.
    for (const [tab, count] of [
      ['In progress', 2],
      ['Approved & running', 3],
      ['Completed', 1],
      ['Rejected', 1],
      ['All', 7],
    ] as const) {
      await page.getByRole('tab', { name: `${tab} ${count}`, exact: true }).waitFor();
    }
    expect(await page.getByRole('tab', { name: /In progress/ }).getAttribute('aria-selected')).toBe('true');
    const panel = page.getByRole('tabpanel');
    for (const shown of ['Tab draft', 'Tab ordered']) await panel.getByRole('link', { name: shown, exact: true }).waitFor();
    for (const hidden of ['Tab approved', 'Tab scheduled', 'Tab active', 'Tab completed', 'Tab rejected'])
      expect(await panel.getByRole('link', { name: hidden, exact: true }).count(), hidden).toBe(0);
    await expectNoSidewaysScroll(page);
    await snap(page, 'orders-tabs');

    await page.getByRole('tab', { name: /Approved & running/ }).click();
    await page.waitForURL('**/app/orders?tab=running');
    for (const shown of ['Tab approved', 'Tab scheduled', 'Tab active']) await panel.getByRole('link', { name: shown, exact: true }).waitFor();
    expect(await panel.getByRole('link', { name: 'Tab draft', exact: true }).count()).toBe(0);

    await page.getByRole('tab', { name: /Completed/ }).click();
    await panel.getByRole('link', { name: 'Tab completed', exact: true }).waitFor();
    expect(await panel.getByRole('link', { name: 'Tab active', exact: true }).count()).toBe(0);

    // A rejected order can be found, opened and edited again.
    await page.getByRole('tab', { name: /Rejected/ }).click();
    await page.waitForURL('**/app/orders?tab=rejected');
    await panel.getByRole('link', { name: 'Tab rejected', exact: true }).click();
    await page.waitForURL(ORDER_URL);
    await page.getByRole('button', { name: 'Edit Order' }).waitFor();
    await expectNoSidewaysScroll(page);
  });

  it('New Order opens a draft that is discarded when left untouched; what is typed saves itself and survives a reload and a closed tab; leaving with what cannot be saved asks first', async () => {
    const { page, user } = await advertiserPage(size);
    await openNewOrder(page);
    await page.getByRole('heading', { name: 'New Order' }).waitFor();
    await page.getByText('Not saved yet').waitFor();
    expect(await page.getByText(/Submitted by/).count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await snap(page, 'new-order');

    // Untouched: leaving asks nothing and leaves no "Untitled order" behind.
    await page.getByRole('link', { name: 'Back to orders' }).click();
    await page.waitForURL('**/app/orders');
    await expect.poll(async () => (await ordersOf(user.id)).length).toBe(0);

    // Typed: saved as it is typed (issue 29, item 13), with no Save Draft.
    await openNewOrder(page);
    const url = page.url();
    const status = page.getByRole('status').filter({ hasText: /^(Saved|Saving…|Not saved.*)$/ });
    await page.getByLabel('Order Name').fill('Half-built order');
    await status.filter({ hasText: 'Saving…' }).waitFor();
    await status.filter({ hasText: /^Saved$/ }).waitFor();
    // A draft was drafted, not submitted, by its owner (issue 44).
    await page.getByText(/Drafted by/).waitFor();
    expect(await page.getByText(/Submitted by/).count()).toBe(0);
    const [saved, ...others] = await ordersOf(user.id);
    expect(others).toEqual([]);
    expect(saved).toMatchObject({ estimateName: 'Half-built order', status: 'draft', brandId: null, totalSpendCents: 0 });
    expect(url).toContain(`/app/estimates/${saved!.id}?edit=true`);

    // A reload shows what was typed.
    await page.getByLabel('Total Budget').fill('5000');
    await status.filter({ hasText: /^Saved$/ }).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Order Name').inputValue()).toBe('Half-built order');
    expect(await page.getByLabel('Total Budget').inputValue()).toBe('5000');

    // A tab closed at once, before the autosave's delay, keeps what was typed too.
    await page.getByLabel('Order Name').fill('Typed then closed');
    await page.close({ runBeforeUnload: true });
    await expect.poll(async () => (await ordersOf(user.id))[0]?.estimateName).toBe('Typed then closed');
    // Reopened in a new tab of the same browser (still signed in).
    const reopened = await page.context().newPage();
    reopened.setDefaultTimeout(10_000);
    await reopened.setViewportSize(size);
    await reopened.goto(url);
    await expect.poll(() => reopened.getByLabel('Order Name').inputValue()).toBe('Typed then closed');

    // A value the server would refuse is not saved: the form says so and leaving asks first.
    await reopened.getByLabel('Total Budget').fill('12.5');
    await reopened.getByRole('status').filter({ hasText: 'Not saved: Save Draft lists what to fix' }).waitFor();
    await reopened.getByRole('link', { name: 'Back to orders' }).click();
    const leave = reopened.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByText('Your changes to this order are not saved.').waitFor();
    await snap(reopened, 'leave-guard');
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(reopened.url()).toBe(url);

    // Fixed, it saves again; leaving then asks nothing and keeps the order as typed.
    await reopened.getByLabel('Total Budget').fill('6000');
    await reopened.getByRole('link', { name: 'Back to orders' }).click();
    await reopened.waitForURL('**/app/orders');
    await reopened.getByRole('link', { name: 'Typed then closed' }).waitFor();
    await expect.poll(async () => (await ordersOf(user.id)).map((order) => order.totalSpendCents)).toEqual([600000]);
  });

  it('Submit lists every problem at once at the top, each link focusing its field', async () => {
    const { page } = await advertiserPage(size);
    await openNewOrder(page);
    await page.getByRole('button', { name: 'Submit Order' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Please fix these 6 problems before submitting' });
    await summary.waitFor();
    await snap(page, 'submit-problems');
    const links = await summary.getByRole('link').allTextContents();
    expect(links).toEqual([
      'Order name is required',
      'Please select a brand',
      'Please add at least one time slot before submitting the order',
      'Total budget must be greater than 0',
      'Please select media before submitting the order',
      'Please select a payment method before submitting the order',
    ]);
    // The summary sits above the form's first section, in view.
    const [summaryBox, detailsBox] = await Promise.all([summary.boundingBox(), page.getByRole('region', { name: 'Order Details' }).boundingBox()]);
    expect(summaryBox!.y).toBeLessThan(detailsBox!.y);

    await summary.getByRole('link', { name: 'Please select a brand' }).click();
    await expect.poll(() => focusedAttribute(page, 'name')).toBe('brand_id');
    await summary.getByRole('link', { name: 'Total budget must be greater than 0' }).click();
    await expect.poll(() => focusedAttribute(page, 'name')).toBe('total_spend');
    await summary.getByRole('link', { name: 'Please select media before submitting the order' }).click();
    await expect.poll(() => focusedAttribute(page, 'data-order-section')).toBe('media');

    // The list follows the edits.
    await page.getByLabel('Order Name').fill('Now named');
    await page.getByRole('alert').filter({ hasText: 'Please fix these 5 problems before submitting' }).waitFor();
    expect(await summary.getByRole('link', { name: 'Order name is required' }).count()).toBe(0);
    await expectNoSidewaysScroll(page);
  });

  it('a refusal only the server makes marks the field its reply names, and its link focuses it (decision 043)', async () => {
    const { page, user } = await advertiserPage(size, 'Remy');
    const brand = await createBrand(h.database.db, user.id, { commonName: `Moving Foods ${size.width}` });
    const elsewhere = await createBrand(h.database.db, user.id, { commonName: `Elsewhere Foods ${size.width}` });
    const media = await createMediaAsset(h.database.db, brand.id, { filename: 'moving-spot.mp4', status: 'approved' });
    await createPaymentMethod(h.database.db, user.id, brand.id, { last4: '1881' });
    await createPaymentMethod(h.database.db, user.id, brand.id, { isDefault: true });

    await openNewOrder(page);
    await page.getByLabel('Order Name').fill('Moving breakfast');
    await page.getByLabel('Brand').selectOption({ label: brand.commonName });
    await page.getByLabel('Total Budget').fill('4000');
    await page.getByRole('checkbox', { name: 'Early Morning' }).check();
    await page.getByRole('radio', { name: /moving-spot\.mp4/ }).check();
    // The brand's default card is chosen already (issue 44): nothing to pick before Submit.
    await expect.poll(() => page.getByRole('radio', { name: /4242/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /1881/ }).isChecked()).toBe(false);
    // The spot moves to another brand behind the form's back: only the server can tell.
    await h.database.db.update(mediaAssets).set({ brandId: elsewhere.id }).where(eq(mediaAssets.id, media.id));

    await page.getByRole('button', { name: 'Submit Order' }).click();
    await page.getByRole('dialog', { name: 'Submit this order?' }).getByRole('button', { name: 'Submit Order' }).click();
    const message = "The selected media does not belong to the order's brand";
    const summary = page.getByRole('alert').filter({ hasText: message });
    await summary.waitFor();
    // Marked by the reply's field (media_asset_id), not by its text: the Media section is outlined.
    await expect.poll(() => page.locator('[data-order-section="media"] > div').first().getAttribute('class')).toContain('border-red-300');
    await summary.getByRole('link', { name: message }).click();
    await expect.poll(() => focusedAttribute(page, 'data-order-section')).toBe('media');
    expect((await ordersOf(user.id))[0]!.status).toBe('draft');
  });

  it('time slots start at 1 spot a day and show their weekly cost; Submit asks with the total due; the owner withdraws to draft', async () => {
    const { page, user } = await advertiserPage(size);
    const brand = await createBrand(h.database.db, user.id, { commonName: `Fjord Foods ${size.width}` });
    const media = await createMediaAsset(h.database.db, brand.id, { filename: 'fjord-spot.mp4', status: 'approved' });
    await createPaymentMethod(h.database.db, user.id, brand.id);

    await openNewOrder(page);
    // Before it is ticked: Early Morning at 1 spot a day on 5 weekdays at $15 is $102.45 a week.
    await page.getByTestId('slot-cost-Early Morning').filter({ hasText: '$102.45/week at 1 spot a day' }).waitFor();
    await page.getByLabel('Order Name').fill('Fjord breakfast');
    await page.getByLabel('Brand').selectOption({ label: brand.commonName });
    await page.getByLabel('Total Budget').fill('50');
    await page.getByRole('checkbox', { name: 'Early Morning' }).check();
    expect(await page.getByLabel('Spots per day for Early Morning').inputValue()).toBe('1');
    await page.getByTestId('weekly-cost').filter({ hasText: '$102.45' }).waitFor();
    // A budget below a week's cost: the budget message, not "0 days".
    await page.getByTestId('budget-message').filter({ hasText: 'Budget too small. Weekly cost is $102.45, minimum budget needed: $102.45' }).waitFor();
    expect(await page.getByTestId('campaign-duration').textContent()).toBe('—');
    await snap(page, 'budget-below-a-week');

    // A custom CPM below the base ($15) but above the minimum ($5) is allowed, with a note.
    await page.getByLabel('Custom CPM for Early Morning').fill('10');
    await page.getByLabel('Custom CPM for Early Morning').blur();
    await page.getByText('Bids below the rate card may not clear').waitFor();
    await page.getByTestId('weekly-cost').filter({ hasText: '$68.30' }).waitFor();
    await page.getByLabel('Custom CPM for Early Morning').fill('15');
    await page.getByText('Bids below the rate card may not clear').waitFor({ state: 'detached' });

    await page.getByLabel('Total Budget').fill('4000');
    await page.getByTestId('budget-message').waitFor({ state: 'detached' });
    await page.getByRole('radio', { name: /fjord-spot\.mp4/ }).check();
    await page.getByRole('radio', { name: /4242/ }).check();
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: 'Submit Order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Submit this order?' });
    await confirm.getByTestId('confirm-total-due').filter({ hasText: '$4,000.00' }).waitFor();
    await snap(page, 'submit-confirmation');
    await confirm.getByRole('button', { name: 'Submit Order' }).click();
    await page.getByText('Order submitted for approval').waitFor();
    await page.waitForURL(/\/app\/estimates\/[0-9a-f-]{36}$/);
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({ status: 'ordered', estimateName: 'Fjord breakfast', totalSpendCents: 400_000, mediaAssetId: media.id });

    await page.getByRole('button', { name: 'Withdraw to Draft' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw this order?' });
    await withdraw.getByRole('button', { name: 'Withdraw to Draft' }).click();
    await page.getByText('Order withdrawn to draft').waitFor();
    expect((await ordersOf(user.id))[0]!.status).toBe('draft');
    expect(await page.getByRole('button', { name: 'Withdraw to Draft' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Submit Order' }).waitFor();
  });

  it('an admin sees the creative on the order; a rejected spot holds the approval back, a pending one is approved with the order', async () => {
    // Booked at a custom CPM of $12 against the time slot's $15 base (issue 29, item 15).
    const { order, owner } = await submittedOrder(h, { name: `Creative check ${size.width}`, cpm: 12 });
    // A 0:06 clip named "30s" is flagged before it is booked (issue 29, item 22).
    await h.database.db.update(mediaAssets).set({ durationSeconds: 6, filename: 'creative-check-30s.mp4' }).where(eq(mediaAssets.id, owner.media.id));
    const page = await h.newPage();
    await page.setViewportSize(size);
    await openSignedIn(page, ADMIN.email, ADMIN.password, `/app/estimates/${order.id}`);
    const creative = page.getByRole('region', { name: 'Creative' });
    await creative.getByText('This clip runs 0:06, but its name says 30 seconds').waitFor();

    await h.database.db
      .update(mediaAssets)
      .set({ durationSeconds: 30, width: 1920, height: 1080, filename: 'creative-check.mp4' })
      .where(eq(mediaAssets.id, owner.media.id));
    await page.reload();
    await creative.getByText('creative-check.mp4').waitFor();
    await creative.getByText('0:30', { exact: true }).waitFor();
    await creative.getByText('1920×1080').waitFor();
    await creative.getByText('Pending', { exact: true }).waitFor();
    expect(await creative.getByText(/This clip runs/).count()).toBe(0);
    // The reviewer sees the base rate and the discount beside a below-base CPM (item 15).
    await page.getByText('custom · base $15.00 · 20% below base').first().waitFor();
    await expectNoSidewaysScroll(page);
    await snap(page, 'admin-order-creative');

    // Play opens the preview, where the desk reviews the spot: rejected here.
    await creative.getByRole('button', { name: 'Play creative-check.mp4' }).click();
    const preview = page.getByRole('dialog', { name: 'creative-check.mp4' });
    await preview.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Media asset rejected').waitFor();
    await preview.waitFor({ state: 'detached' });
    await creative.getByText('Rejected', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const approve = page.getByRole('dialog', { name: 'Approve Order' });
    await approve.getByText("The order's media was rejected: the advertiser must choose another spot before the order can be approved").waitFor();
    expect(await approve.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await snap(page, 'approve-held-by-rejected-media');
    await approve.getByRole('button', { name: 'Cancel' }).click();
    await approve.waitFor({ state: 'detached' });

    // A pending spot that passed its check is approved with the order, and the dialog says so.
    await h.database.db.update(mediaAssets).set({ status: 'pending' }).where(eq(mediaAssets.id, owner.media.id));
    await page.reload();
    await creative.getByText('Pending', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await approve.getByText('Approving the order also approves its media, creative-check.mp4: check it under Creative first.').waitFor();
    await approve.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Order approved').waitFor();
    expect((await h.database.db.select().from(estimates).where(eq(estimates.id, order.id)))[0]!.status).toBe('approved');
    expect((await h.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, owner.media.id)))[0]!.status).toBe('approved');
  });
});

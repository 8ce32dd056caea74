/**
 * A walk through every screen, as an advertiser and as the station's admin, on the demo data, at
 * 1440×900 and 390×844: axe-core finds no serious or critical violation, no page scrolls sideways,
 * and a full-page screenshot of each lands in test-results/screens/<size>/ (git-ignored) for review.
 * Tables, at both sizes and at 1280 and 768 (a tablet upright): none scrolls inside its box, and the first row's links and
 * buttons (its actions) lie inside the window (decision 021: a card per row on a phone).
 * One browser, one page: the sizes and the users change on it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../../src/domain/display-dates';
import { DEMO_PASSWORD } from '../../src/server/demo/demo-data';
import { seedDemo } from '../../src/server/demo/seed';
import { ADMIN } from '../support/app';
import { hasBrowserForScreens, keepScreenshot, signIn, startBrowserHarness, type BrowserHarness } from '../support/browser';

const SIZES = [
  { name: '1440x900', width: 1440, height: 900 },
  { name: '390x844', width: 390, height: 844 },
] as const;
const SCREENSHOTS = path.resolve('test-results/screens');
const ADVERTISER = 'maria.lopez@sunnyjuice.example';

interface Screen {
  name: string;
  path: string;
  /** A tab to open after the page loads (its name starts with this: the tabs carry counts). */
  tab?: string;
  /** The screen lists rows (on the demo data): at least one table with a first row must have been checked. */
  rows?: true;
  /** Dialogs and panels opened from the screen, each inspected and screenshot open, then closed with Escape. */
  dialogs?: Dialog[];
}

interface Dialog {
  name: string;
  /** Opens it and waits until it has drawn. */
  open: () => Promise<unknown>;
}

/** Clicks a button (the first by that name) and waits for the modal dialog it opens. */
const modal = (button: string | RegExp, title: string | RegExp) => async () => {
  await page.getByRole('button', { name: button }).filter({ visible: true }).first().click();
  await page.getByRole('dialog', { name: title }).waitFor();
  await page.waitForFunction(() => !document.querySelector('dialog[open] .animate-spin'), undefined, { timeout: 5000 }).catch(() => undefined);
};
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let h: BrowserHarness;
let page: Page;
beforeAll(async () => {
  if (!hasBrowserForScreens) return;
  h = await startBrowserHarness();
  await seedDemo(h.app, h.app.ctx);
  page = await h.newPage();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** Waits until the route has drawn its heading and nothing on it is still loading. */
const settle = async () => {
  await page.locator('h1:visible, main h2:visible').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main .animate-spin, [role="status"] .animate-spin'), undefined, { timeout: 5000 }).catch(() => undefined);
};

/** What a reviewer must fix on the screen on view: serious or critical axe findings and a page wider than the window. */
const inspect = async (label: string, rows?: true): Promise<string[]> => {
  // Evaluated rather than added as a <script>: the app's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
  const problems = violations.map((v) => `${label}: ${v}`);
  const tables = await tablesCut(label);
  problems.push(...tables.problems);
  if (rows && tables.rowsChecked === 0) problems.push(`${label}: no table row to check`);
  return problems;
};

/** The outermost elements that reach past the window's right edge, to name in a failure. */
const widening = () =>
  page.evaluate(() => {
    const past = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth);
    return past
      .filter((el) => !past.includes(el.parentElement!))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')}`)
      .join(', ');
  });

/**
 * At every size a table fits its box (on a phone each row is a card): no column, nor the actions at
 * its end, hidden in a sideways scroll; the first row's links and buttons lie inside the window; nor
 * is the page wider than the window. Also says how many tables had a first row to check.
 */
const tablesCut = async (label: string): Promise<{ problems: string[]; rowsChecked: number }> => {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    let rowsChecked = 0;
    for (const table of document.querySelectorAll('table')) {
      if (table.offsetParent === null) continue;
      const name = table.querySelector('caption')?.textContent ?? 'a table';
      const box = table.parentElement!;
      if (box.scrollWidth > box.clientWidth + 1) problems.push(`${name} is ${box.scrollWidth} px in a ${box.clientWidth} px box`);
      const row = table.tBodies[0]?.rows[0];
      if (!row) continue;
      rowsChecked += 1;
      const controls = [...row.querySelectorAll<HTMLElement>('a, button, input')].filter((c) => c.offsetParent !== null);
      for (const control of controls) {
        const { left, right } = control.getBoundingClientRect();
        if (left < 0 || right > window.innerWidth) {
          const what = control.getAttribute('aria-label') ?? control.textContent?.trim();
          problems.push(`${name}'s first row: "${what}" spans ${Math.round(left)}..${Math.round(right)} px; the window is ${window.innerWidth} px`);
        }
      }
    }
    return { problems, rowsChecked };
  });
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  if (widths.scroll > widths.inner) found.problems.push(`${widths.scroll} px wide in a ${widths.inner} px window (${await widening()})`);
  return { problems: found.problems.map((c) => `${label}: ${c}`), rowsChecked: found.rowsChecked };
};

/** Visits each screen at each size, keeping a screenshot of each and returning what failed. */
const walk = async (who: string, screens: Screen[]): Promise<string[]> => {
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    mkdirSync(path.join(SCREENSHOTS, size.name), { recursive: true });
    for (const screen of screens) {
      await page.goto(screen.path);
      await settle().catch((error: Error) => {
        throw new Error(`${who} ${screen.name} at ${size.name}: ${error.message}`);
      });
      if (screen.tab) {
        await page.getByRole('tab', { name: new RegExp(`^${escapeRegExp(screen.tab)}`) }).click();
        await settle();
      }
      problems.push(...(await inspect(`${who} ${screen.name} at ${size.name}`, screen.rows)));
      await keepScreenshot(page, path.join(SCREENSHOTS, size.name, `${who}-${screen.name}.png`));
      if (size.width > 1280) {
        // The narrowest desktop and a tablet held upright too: tables and the page's width only.
        for (const width of [1280, 768]) {
          await page.setViewportSize({ width, height: size.height });
          // Charts follow a resize a frame or two later: give them a moment before measuring.
          await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, { timeout: 2000 }).catch(() => undefined);
          problems.push(...(await tablesCut(`${who} ${screen.name} at ${width}x${size.height}`)).problems);
        }
        await page.setViewportSize({ width: size.width, height: size.height });
      }
      for (const dialog of screen.dialogs ?? []) {
        const label = `${who} ${screen.name} ${dialog.name} at ${size.name}`;
        await dialog.open().catch((error: Error) => {
          throw new Error(`${label}: ${error.message}`);
        });
        problems.push(...(await inspect(label)));
        await keepScreenshot(page, path.join(SCREENSHOTS, size.name, `${who}-${screen.name}-${dialog.name}.png`));
        await page.keyboard.press('Escape');
        await page.locator('dialog[open]').waitFor({ state: 'detached' });
      }
    }
  }
  return problems;
};

/** What a screen reader says after a control's name: the texts its aria-describedby points at. */
const descriptionOf = (control: Locator) =>
  control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

const signOut = async () => {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
};

describe.skipIf(!hasBrowserForScreens)('every screen at 1440×900 and 390×844', () => {
  it('passes axe-core (no serious or critical findings) and never scrolls sideways, as a visitor, an advertiser and an admin', async () => {
    const maria = await h.login(ADVERTISER, DEMO_PASSWORD);
    const orders = (await h.inject({ method: 'GET', url: '/api/estimates', token: maria })).json() as { id: string; estimate_name: string }[];
    const order = orders.find((o) => o.estimate_name === 'Weekend Family Push')!;
    const draft = orders.find((o) => o.estimate_name === 'Back to School')!;
    const campaigns = (await h.inject({ method: 'GET', url: '/api/campaigns', token: await h.adminToken() })).json() as { campaign_id: string }[];
    const campaign = campaigns[0]!;

    // A new advertiser (nothing done yet) and the link of the reset e-mail sent to them.
    const newcomer = await h.signUp();
    await h.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: newcomer.user.email } });
    const resetToken = (await h.mailTo(newcomer.user.email))[0]?.textBody.match(/reset-password\?token=([\w-]+)/)?.[1];
    expect(resetToken).toBeDefined();

    const problems: string[] = [];
    problems.push(
      ...(await walk('visitor', [
        { name: 'landing', path: '/' },
        { name: 'login', path: '/login' },
        { name: 'register', path: '/login?mode=register' },
        { name: 'forgot-password', path: '/login?mode=forgot' },
        { name: 'reset-password', path: `/reset-password?token=${resetToken}` },
        // Without a token: back to sign-in, with a toast saying the link cannot be used.
        { name: 'reset-password-no-token', path: '/reset-password' },
        { name: 'not-found', path: '/no-such-page' },
      ])),
    );

    // The sign-in card stays put while FAQ answers open beside it, and the FAQ says how billing works here.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/login');
    const card = page.locator('main h1').first();
    const before = await card.boundingBox();
    const questions = page.getByRole('region', { name: 'Frequently asked questions' }).getByRole('button');
    for (let i = 0; i < (await questions.count()); i += 1) await questions.nth(i).click();
    await page.getByText(/^Billing is handled in Spotbook, with no external invoicing system/).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await card.boundingBox()).toEqual(before);

    // The bell's panel, on every signed-in screen: walked open on the dashboard.
    const bellPanel: Dialog = {
      name: 'notifications-panel',
      open: async () => {
        await page.getByRole('button', { name: /^Notifications/ }).click();
        await page.getByRole('region', { name: 'Notifications' }).waitFor();
      },
    };
    const shared: Screen[] = [
      { name: 'dashboard', path: '/app/dashboard', dialogs: [bellPanel] },
      { name: 'orders', path: '/app/orders', rows: true },
      { name: 'order-detail', path: `/app/estimates/${order.id}` },
      { name: 'order-form', path: `/app/estimates/${draft.id}` },
      { name: 'campaigns', path: '/app/campaigns', rows: true },
      { name: 'brands', path: '/app/brands', rows: true },
      { name: 'media', path: '/app/media', rows: true },
      { name: 'profile', path: '/app/profile' },
    ];

    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADVERTISER, DEMO_PASSWORD);
    // The connection shows in the bell; a page load toasts nothing about it.
    await page.getByTestId('realtime-status').and(page.locator('[data-status="connected"]')).waitFor();
    await page.reload();
    await page.getByTestId('realtime-status').and(page.locator('[data-status="connected"]')).waitFor();
    expect(await page.getByText('Connected to real-time notifications').count()).toBe(0);
    const mariaCampaigns = (await h.inject({ method: 'GET', url: '/api/campaigns', token: maria })).json() as { campaign_id: string }[];
    const submitConfirm: Dialog = { name: 'submit-confirm', open: modal('Submit Order', 'Submit this order?') };
    problems.push(
      ...(await walk('advertiser', [
        ...shared.map((screen) => (screen.name === 'order-form' ? { ...screen, dialogs: [submitConfirm] } : screen)),
        { name: 'campaign-detail', path: `/app/campaigns/${mariaCampaigns[0]!.campaign_id}` },
        { name: 'billing', path: '/app/billing' },
      ])),
    );

    // On a phone the order form's weekly cost and total stay in view in a bar at the bottom of the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/app/estimates/${draft.id}`);
    const bar = page.getByRole('link', { name: 'Summary', exact: true });
    await bar.waitFor();
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.y).toBeGreaterThan(844 - 100);

    // Dates in the form read as everywhere else: the chosen start day under its (browser-drawn)
    // picker, as the picker's description, and the computed end date.
    const start = page.getByLabel('Start Date');
    const startDay = await start.inputValue();
    expect(await descriptionOf(start)).toContain(formatCalendarDate(startDay));
    expect(await page.getByLabel('End Date').inputValue()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    // A new advertiser's dashboard: the first steps instead of empty charts.
    await signOut();
    await signIn(page, newcomer.user.email, newcomer.password);
    problems.push(...(await walk('new-advertiser', [{ name: 'dashboard-first-steps', path: '/app/dashboard' }])));
    expect(await page.getByRole('list', { name: 'First steps' }).count()).toBe(1);

    // The advertiser's Billing page with invoices on it: those the demo sent a customer (drafts are not shown to them).
    const billed = (await h.inject({ method: 'GET', url: '/api/billing', token: await h.adminToken() })).json() as { invoices: { customer_email: string; status: string }[] };
    await signOut();
    await signIn(page, billed.invoices.find((i) => i.status !== 'draft')!.customer_email, DEMO_PASSWORD);
    problems.push(...(await walk('billed-advertiser', [{ name: 'billing', path: '/app/billing', rows: true }])));

    await signOut();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN.email, ADMIN.password);
    problems.push(
      ...(await walk('admin', [
        ...shared,
        { name: 'campaign-detail', path: `/app/campaigns/${campaign.campaign_id}` },
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
        { name: 'reconciliation', path: '/app/admin/reconciliation', rows: true },
        { name: 'billing-overview', path: '/app/admin/billing', dialogs: [{ name: 'create-invoice', open: modal('Create Invoice', 'Create Invoice') }] },
        { name: 'invoices', path: '/app/admin/billing', tab: 'Invoices', rows: true, dialogs: [{ name: 'record-payment', open: modal(/^Record payment for /, 'Record Payment') }] },
        { name: 'billing-analytics', path: '/app/admin/billing', tab: 'Analytics' },
        { name: 'ageing', path: '/app/admin/billing', tab: 'Ageing', rows: true },
        { name: 'users', path: '/app/admin/users', rows: true },
        { name: 'coupons', path: '/app/admin/coupons', rows: true },
        { name: 'notification-settings', path: '/app/admin/notifications' },
        { name: 'traffic-log', path: '/app/admin/traffic', rows: true },
        { name: 'as-run', path: '/app/admin/as-run' },
        { name: 'discrepancies', path: '/app/admin/discrepancies' },
        { name: 'audit', path: '/app/admin/audit', rows: true },
        { name: 'station-settings', path: '/app/admin/station' },
        { name: 'rate-card', path: '/app/admin/rate-card', dialogs: [{ name: 'edit-daypart', open: modal(/^Edit /, /^Edit /) }] },
      ])),
    );

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

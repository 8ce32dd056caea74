/**
 * The screens walk, part 1 of 3 (tools: test/support/screen-walk.ts): every screen a visitor and an
 * advertiser see, on the demo data, at 1440×900 and 390×844. axe-core finds no serious or critical
 * violation, no page scrolls sideways, and tables fit (decisions 017, 021).
 */
import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../../src/domain/display-dates';
import { DEMO_PASSWORD } from '../../src/server/demo/demo-data';
import { hasBrowserForScreens, signIn } from '../support/browser';
import { ADVERTISER, demoWalk, type Dialog } from '../support/screen-walk';

const walk = demoWalk();

describe.skipIf(!hasBrowserForScreens)('every screen at 1440×900 and 390×844: visitors and advertisers', () => {
  it('passes axe-core (no serious or critical findings) and never scrolls sideways, as a visitor and as advertisers', async () => {
    const { h, page, w } = walk;
    const maria = await h.login(ADVERTISER, DEMO_PASSWORD);
    const orders = (await h.inject({ method: 'GET', url: '/api/estimates', token: maria })).json() as { id: string; estimate_name: string }[];
    const order = orders.find((o) => o.estimate_name === 'Weekend Family Push')!;
    const draft = orders.find((o) => o.estimate_name === 'Back to School')!;

    // A new advertiser (nothing done yet) and the link of the reset e-mail sent to them.
    const newcomer = await h.signUp();
    await h.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: newcomer.user.email } });
    const resetToken = (await h.mailTo(newcomer.user.email))[0]?.textBody.match(/reset-password\?token=([\w-]+)/)?.[1];
    expect(resetToken).toBeDefined();

    const problems: string[] = [];
    problems.push(
      ...(await w.walk('visitor', [
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

    const shared = w.sharedScreens(order.id, draft.id);

    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADVERTISER, DEMO_PASSWORD);
    // The connection shows in the bell; a page load toasts nothing about it.
    await page.getByTestId('realtime-status').and(page.locator('[data-status="connected"]')).waitFor();
    await page.reload();
    await page.getByTestId('realtime-status').and(page.locator('[data-status="connected"]')).waitFor();
    expect(await page.getByText('Connected to real-time notifications').count()).toBe(0);
    const mariaCampaigns = (await h.inject({ method: 'GET', url: '/api/campaigns', token: maria })).json() as { campaign_id: string }[];
    const submitConfirm: Dialog = { name: 'submit-confirm', open: w.modal('Submit Order', 'Submit this order?') };
    problems.push(
      ...(await w.walk('advertiser', [
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
    expect(await w.descriptionOf(start)).toContain(formatCalendarDate(startDay));
    expect(await page.getByLabel('End Date').inputValue()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    // A new advertiser's dashboard: the first steps instead of empty charts.
    await w.signOut();
    await signIn(page, newcomer.user.email, newcomer.password);
    problems.push(...(await w.walk('new-advertiser', [{ name: 'dashboard-first-steps', path: '/app/dashboard' }])));
    expect(await page.getByRole('list', { name: 'First steps' }).count()).toBe(1);

    // The advertiser's Billing page with invoices on it: those the demo sent a customer (drafts are not shown to them).
    const billed = (await h.inject({ method: 'GET', url: '/api/billing', token: await h.adminToken() })).json() as {
      invoices: { customer_email: string; status: string }[];
    };
    await w.signOut();
    await signIn(page, billed.invoices.find((i) => i.status !== 'draft')!.customer_email, DEMO_PASSWORD);
    problems.push(
      ...(await w.walk('billed-advertiser', [
        { name: 'billing', path: '/app/billing', rows: true, dialogs: [{ name: 'statement', open: w.modal('Statement', 'Your statement') }] },
      ])),
    );

    expect(problems).toEqual([]);
  }, 420_000);
});

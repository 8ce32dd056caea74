/**
 * Issue 13, part C in the browser at 1440×900 and 390×844: Profile, Rate Card, billing states and the
 * invoice preview, the advertiser's dashboard. Each screen is checked for sideways scrolling, and a
 * screenshot of it at each size is written to test-results/screenshots (not committed).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../src/server/db/schema';
import { ADMIN } from '../support/app';
import { hasBrowserForScreens, keepScreenshot, openSignedIn, signIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { approvedOrder } from '../support/billing-fixtures';
import { clientWithBrand, submittedOrder } from '../support/ordering-fixtures';

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const SHOTS = path.resolve('test-results/screenshots');

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowserForScreens) h = await startBrowserHarness();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await h?.close();
});

/** The page is no wider than the window, and a screenshot of it is kept for review. */
const checkLayout = async (page: Page, screen: string, size: (typeof SIZES)[number]) => {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
    // The deepest elements past the right edge, to say what widens the page.
    past: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && e.children.length === 0)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute('class') ?? '').slice(0, 60)} "${(e.textContent ?? '').slice(0, 30)}"`),
  }));
  expect(widths.page, `${screen} at ${size.width}px scrolls sideways: ${widths.past.join('; ')}`).toBeLessThanOrEqual(widths.window);
  await keepScreenshot(page, path.join(SHOTS, `ux-c-${screen}-${size.name}.png`));
};

describe.skipIf(!hasBrowserForScreens)('issue 13, part C', () => {
  for (const size of SIZES) {
    describe(`at ${size.width}×${size.height}`, () => {
      it('a user changes their name and password on Profile; a wrong current password is said so', async () => {
        const { user, password } = await h.signUp({ firstName: 'Casey', lastName: 'Client' });
        const page = await h.newPage();
        await page.setViewportSize(size);
        await openSignedIn(page, user.email, password, '/app/profile');
        const main = page.getByRole('main');
        await main.getByText('Profile editing is being migrated').waitFor();
        await main.getByLabel('First name').fill('Morgan');
        await main.getByLabel('Last name').fill('Buyer');
        await main.getByRole('button', { name: 'Save name' }).click();
        await page.getByText('Your name was saved').waitFor();
        await expect
          .poll(() =>
            page
              .getByRole('banner')
              .getByRole('button', { name: /Morgan Buyer/ })
              .count(),
          )
          .toBe(1);

        await main.getByLabel('Current password').fill('Not-The-Passw0rd');
        await main.getByLabel('New password', { exact: true }).fill('weakpassword');
        await main.getByLabel('Confirm new password').fill('weakpassword');
        await main.getByRole('button', { name: 'Change password' }).click();
        await main.getByText('Password must contain at least one uppercase letter').waitFor();
        await main.getByLabel('New password', { exact: true }).fill('Brand-New-Passw0rd');
        await main.getByLabel('Confirm new password').fill('Brand-New-Passw0rd');
        await main.getByRole('button', { name: 'Change password' }).click();
        await main.getByText('Current password is incorrect').waitFor();
        await checkLayout(page, 'profile', size);

        await main.getByLabel('Current password').fill(password);
        await main.getByRole('button', { name: 'Change password' }).click();
        await page.getByText('Password changed successfully. Your other devices were signed out.').waitFor();
        expect(await h.login(user.email, 'Brand-New-Passw0rd')).toBeTruthy();
      });

      it("an admin edits a daypart on Rate Card with the rate card's messages", async () => {
        const page = await h.newPage();
        await page.setViewportSize(size);
        await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/admin/rate-card');
        await page.getByRole('heading', { name: 'Rate Card' }).waitFor();
        // A table from 768 px, one card per daypart on a phone.
        const row = size.width >= 768 ? page.getByRole('row', { name: /Weekend Evening/ }) : page.getByRole('listitem').filter({ hasText: 'Weekend Evening' });
        await row.getByText('$40.00').first().waitFor();
        await checkLayout(page, 'rate-card', size);
        await row.getByRole('button', { name: 'Edit Weekend Evening' }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit Weekend Evening' });
        await dialog.getByLabel('Spots per day').fill('0');
        await dialog.getByRole('button', { name: 'Save daypart' }).click();
        await dialog.getByText('Spot frequency must be at least 1').waitFor();
        await dialog.getByLabel('Spots per day').fill('12');
        await dialog.getByLabel('Flat rate per :30 spot (USD)').fill('99.999');
        await dialog.getByRole('button', { name: 'Save daypart' }).click();
        await dialog.getByText('Flat rate per spot must have at most 2 decimal places').waitFor();
        await dialog.getByLabel('Flat rate per :30 spot (USD)').fill('150');
        await dialog.getByLabel('Price of a :15 (% of a :30)').fill('60');
        await dialog.getByLabel('Base CPM (USD)').fill('42.5');
        await dialog.getByRole('button', { name: 'Save daypart' }).click();
        await page.getByText('Weekend Evening saved').waitFor();
        await row.getByText('$42.50').first().waitFor();
        const dayparts = (await h.inject({ method: 'GET', url: '/api/dayparts', token: await h.adminToken() })).json() as {
          name: string;
          base_cpm: number;
          spot_frequency: number;
        }[];
        expect(dayparts.find((d) => d.name === 'Weekend Evening')).toMatchObject({
          base_cpm: 42.5,
          spot_frequency: 12,
          rate_15_percent: 60,
          rate_60_percent: 100,
          flat_rate: 150,
        });
        // Put the rate card back for the other size.
        await h.inject({
          method: 'PUT',
          url: `/api/dayparts/${(dayparts.find((d) => d.name === 'Weekend Evening') as unknown as { id: string }).id}`,
          token: await h.adminToken(),
          payload: { base_cpm: 40, spot_frequency: 30, rate_15_percent: 100, flat_rate: null },
        });
      });

      it('Create Invoice previews the total; a part payment on the draft reads "Partially paid" with its balance', async () => {
        const name = `Preview ${size.name}`;
        const { order } = await approvedOrder(h, { totalSpend: 5000, name });
        const page = await h.newPage();
        await page.setViewportSize(size);
        await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/admin/billing');
        await page.getByRole('button', { name: 'Create Invoice' }).click();
        const create = page.getByRole('dialog', { name: 'Create Invoice' });
        await create.getByText("Choose an order to see the invoice's total.").waitFor();
        await create
          .getByLabel('Approved Order')
          .selectOption({ label: await create.getByLabel('Approved Order').locator('option', { hasText: name }).innerText() });
        await create.getByLabel('Tax Rate (%)').fill('8.25');
        await create.getByLabel('Discount').fill('100');
        const preview = create.getByRole('region', { name: 'Invoice preview' });
        // ($5,000 − $100) × 8.25 % = $404.25 tax; total $5,304.25.
        await expect
          .poll(() => preview.innerText())
          .toMatch(/Subtotal\s+\$5,000\.00\s+Discount\s+−\$100\.00\s+Tax \(8\.25%\)\s+\$404\.25\s+Total\s+\$5,304\.25/);
        await checkLayout(page, 'create-invoice', size);
        await create.getByRole('button', { name: 'Create Invoice' }).click();
        await page.getByText('Invoice created successfully').waitFor();

        await page.getByRole('tab', { name: 'Invoices' }).click();
        // On a phone the order's name is folded away; the invoice number stays in every layout.
        const [invoice] = await h.database.db.select({ number: invoices.invoiceNumber }).from(invoices).where(eq(invoices.estimateId, order.id));
        const number = invoice!.number;
        const row = page.getByRole('row', { name: new RegExp(number) });
        await row.getByRole('button', { name: `Record payment for ${number}` }).click();
        const pay = page.getByRole('dialog', { name: `Record Payment · ${number}` });
        await pay.getByText('This invoice is still a draft: a part payment marks it sent (no e-mail goes out); paying it in full marks it paid.').waitFor();
        await pay.getByLabel('Amount').fill('1304.25');
        await pay.getByRole('button', { name: 'Record Payment' }).click();
        await page.getByText('Payment recorded successfully').waitFor();
        await row.getByText('Partially paid').waitFor();
        await row.getByText('$4,000.00').waitFor();
        await checkLayout(page, 'billing-partially-paid', size);
      });

      it('a new advertiser gets first steps, ticked as they go; an advertiser with orders sees Spend and their campaigns', async () => {
        const { user, password } = await h.signUp();
        const page = await h.newPage();
        await page.setViewportSize(size);
        await signIn(page, user.email, password);
        const steps = page.getByRole('list', { name: 'First steps' });
        await steps.getByText('Add a brand (to do)').waitFor();
        await steps.getByRole('link', { name: 'Go to Brands' }).waitFor();
        await steps.getByRole('link', { name: 'Go to Orders' }).waitFor();
        expect(await page.getByText('Total Revenue').count()).toBe(0);
        await checkLayout(page, 'dashboard-first-steps', size);
        const brand = await h.inject({
          method: 'POST',
          url: '/api/brands',
          token: await h.login(user.email, password),
          payload: {
            common_name: 'Acme Snacks',
            legal_name: 'Acme Snacks LLC',
            address: '1 Main St',
            phone: '+1 555 0100',
            email: 'ads@acme.example',
            contact_person: 'Casey',
          },
        });
        expect(brand.statusCode, brand.body).toBe(201);
        await page.reload();
        await steps.getByText('Add a brand (done)').waitFor();
        await steps.getByText('Upload a spot (to do)').waitFor();

        const owner = await clientWithBrand(h);
        const { order } = await submittedOrder(h, { owner, totalSpend: 5000, name: 'Spend order' });
        expect((await h.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: await h.adminToken() })).statusCode).toBe(200);
        const advertiser = await h.newPage();
        await advertiser.setViewportSize(size);
        await signIn(advertiser, owner.email, 'Client-Passw0rd');
        await expect.poll(() => advertiser.getByText('Spend', { exact: true }).first().locator('..').innerText()).toContain('$5,000.00');
        await advertiser.getByRole('heading', { name: 'Your Campaigns' }).waitFor();
        await advertiser.getByRole('heading', { name: 'Spend Forecast' }).waitFor();
        await advertiser.getByText('Too little history for a trend: 1 week of booked orders so far').waitFor();
        expect(await advertiser.getByText('Total Revenue').count()).toBe(0);
        await checkLayout(advertiser, 'dashboard-advertiser', size);
      });
    });
  }
});

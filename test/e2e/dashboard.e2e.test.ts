import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { hasBrowser, signIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { submittedOrder } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowser) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowser)('the analytics dashboard', () => {
  it('shows the booked revenue, follows the granularity, and breaks no Content-Security-Policy rule on the way', async () => {
    const { order } = await submittedOrder(h, { totalSpend: 5000 });
    expect((await h.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: await h.adminToken() })).statusCode).toBe(200);

    const page = await h.newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(`${e.violatedDirective} ${e.sourceFile}`));
    });
    await signIn(page, ADMIN.email, ADMIN.password);

    await expect.poll(() => page.getByText('Total Revenue').locator('..').innerText()).toContain('$5,000.00');
    await expect.poll(() => page.getByText('Approved Orders').locator('..').innerText()).toContain('1 of 1');
    await page.getByText('Last 90 days, daily').waitFor();
    await page.getByLabel('Granularity').selectOption('weekly');
    await page.getByText('Last 90 days, weekly').waitFor();
    await page.getByRole('heading', { name: 'Top 5 Brands' }).waitFor();

    // Pages with forms validate with zod in the browser: none may need eval.
    await page.goto('/app/brands');
    await page.getByRole('heading', { name: 'Brands' }).first().waitFor();
    await page.goto(`/app/estimates/${order.id}`);
    await page.getByText('Submitted by').waitFor();
    expect(violations).toEqual([]);
  });
});

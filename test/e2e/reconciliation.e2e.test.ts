import { readFileSync } from 'node:fs';
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

describe.skipIf(!hasBrowser)('reconciliation in the browser', () => {
  it('an admin reconciles an approved order through the modal, sees the KPIs follow, and exports the CSV report', async () => {
    const { order } = await submittedOrder(h, { totalSpend: 5000, name: 'Harbor Lights Launch' });
    expect((await h.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: await h.adminToken() })).statusCode).toBe(200);

    const page = await h.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);

    // A failed load shows the error card; Try Again loads the screen.
    await page.route('**/api/reconciliation/dashboard**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Database unavailable' }) }),
    );
    await page.goto('/app/admin/reconciliation');
    await page.getByText('Error Loading Data').waitFor();
    await page.getByText('Failed to load reconciliation data').waitFor();
    await page.unroute('**/api/reconciliation/dashboard**');
    await page.getByRole('button', { name: 'Try Again' }).click();

    await page.getByRole('heading', { name: 'Pending Reconciliation' }).waitFor();
    const kpi = (label: string) => page.getByTestId('reconciliation-kpis').getByText(label, { exact: true }).locator('..');
    await expect.poll(() => kpi('Reconciliation Rate').innerText()).toContain('0 of 1 campaign ');
    expect(await kpi('Total Spend Variance').innerText()).toContain('$0.00');
    expect(await page.getByLabel('Brand').locator('option').first().innerText()).toBe('All Brands');
    expect(await page.getByLabel('Period').inputValue()).toBe('30');

    const row = page.getByRole('row', { name: /Harbor Lights Launch/ });
    await row.getByText('$5,000.00').waitFor();
    await row.getByRole('button', { name: 'Reconcile Harbor Lights Launch' }).click();

    const dialog = page.getByRole('dialog', { name: 'Reconcile Campaign' });
    await dialog.getByText('Harbor Lights Launch').waitFor();
    expect(await dialog.getByLabel('Actual Spend').inputValue()).toBe('5000.00');
    const projectedImpressions = Number(await dialog.getByLabel('Actual Impressions').inputValue());
    expect(projectedImpressions).toBeGreaterThan(0);

    // Checked in the browser with the domain's messages before anything is sent.
    await dialog.getByLabel('Actual Impressions').fill('');
    await dialog.getByRole('button', { name: 'Reconcile', exact: true }).click();
    await dialog.getByText('Actual impressions are required').waitFor();

    await dialog.getByLabel('Actual Spend').fill('5600');
    await dialog.getByLabel('Actual Impressions').fill(String(projectedImpressions + 1500));
    await dialog.getByLabel('Notes').fill('Two extra spots aired');
    await dialog.getByRole('button', { name: 'Reconcile', exact: true }).click();
    await page.getByText('Campaign reconciled successfully').waitFor();
    await page.getByText('All Caught Up!').waitFor();
    expect(await dialog.count()).toBe(0);

    await expect.poll(() => kpi('Total Spend Variance').innerText()).toContain('+$600.00');
    expect(await kpi('Avg Spend Variance').innerText()).toContain('+12.0%');
    expect(await kpi('Impression Variance').innerText()).toContain('+1,500');
    const rate = await kpi('Reconciliation Rate').innerText();
    expect(rate).toContain('100.0%');
    expect(rate).toContain('1 of 1 campaign ');
    expect(rate).toContain('1 high variance');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Report' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^reconciliation-variance-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^estimate_id,estimate_name,brand_name,projected_spend,actual_spend,spend_variance/);
    expect(csv).toContain(`${order.id},Harbor Lights Launch,`);
    expect(csv).toContain('Two extra spots aired');
    await page.getByText('Report downloaded successfully').waitFor();
  });
});

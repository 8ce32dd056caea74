/**
 * Product separation on the screens (issue 44, decision 059): a brand's category chosen on its form, the
 * station's minutes on Station Settings, and a spot placed against the separation badged on the Traffic
 * Log and listed on Discrepancies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { hasBrowser, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { clientWithBrand, createDaypart, dateIn, submittedOrder } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowser) h = await startBrowserHarness({ trafficHorizonDays: 14 });
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowser)('product separation', () => {
  it('sets a brand category and the minutes on screen, and shows the conflict on the log and on Discrepancies', async () => {
    const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    // One 15-minute break: two car dealers can only share it.
    const daypart = await createDaypart(h.database.db, { name: 'Dealer Break', startTime: '05:00', endTime: '05:15', daysOfWeek: everyDay, spotFrequency: 4 });
    const northwind = await clientWithBrand(h);
    const brightsmile = await clientWithBrand(h);
    const page = await h.newPage();

    // The first dealer's category on its Brand form, the second's by API.
    await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/brands');
    await page.getByRole('button', { name: `Edit ${northwind.brand.commonName}` }).click();
    const form = page.getByRole('dialog', { name: 'Edit Brand' });
    await form.getByLabel('Product category').selectOption('automotive');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Brand updated successfully').waitFor();
    const brand = await h.inject({ method: 'GET', url: `/api/brands/${northwind.brand.id}`, token: northwind.token });
    expect(brand.json().product_category).toBe('automotive');
    await h.inject({ method: 'PUT', url: `/api/brands/${brightsmile.brand.id}`, token: brightsmile.token, payload: { product_category: 'automotive' } });

    // Station Settings: 15 minutes by default, set to 10.
    await page.goto('/app/admin/station');
    const automotive = page.getByLabel('Automotive (dealers, manufacturers)');
    await expect.poll(() => automotive.inputValue()).toBe('15');
    await automotive.fill('10');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Station profile saved').waitFor();
    const station = await h.inject({ method: 'GET', url: '/api/station', token: await h.adminToken() });
    expect(station.json().product_separations.automotive).toBe(10);

    const admin = await h.adminToken();
    for (const owner of [northwind, brightsmile]) {
      const { order } = await submittedOrder(h, { owner, name: `${owner.brand.commonName} sale`, daypartId: daypart.id, spots: 1 });
      expect((await h.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin })).statusCode).toBe(200);
    }
    await h.app.ctx.stationClock.tick();
    const day = dateIn(8);

    await page.goto(`/app/admin/traffic?date=${day}`);
    const section = page.getByRole('region', { name: 'Dealer Break' });
    await expect.poll(() => section.getByText('Separation conflict', { exact: true }).count()).toBe(1);
    expect(await section.getByText(/^with (Brand .*) \(Automotive \(dealers, manufacturers\)\)$/).count()).toBe(1);

    await page.goto('/app/admin/discrepancies');
    const conflicts = page.getByRole('region', { name: 'Separation conflicts' });
    // Each day of the flight on the log has its conflict: one row names both dealers.
    const both = conflicts.getByRole('row').filter({ hasText: northwind.brand.commonName }).filter({ hasText: brightsmile.brand.commonName });
    await expect.poll(() => both.count()).toBeGreaterThan(0);
    expect(await both.first().getByText('(Automotive (dealers, manufacturers))', { exact: false }).count()).toBe(1);
  });
});

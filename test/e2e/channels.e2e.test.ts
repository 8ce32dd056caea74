/**
 * Channels on Station Settings in the browser (issue 41, decision 053): the admin adds a channel (a
 * refused field says why), edits it, makes it the default after confirming, and the list says so.
 */
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { hasBrowserForScreens, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { clientWithBrand } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowserForScreens) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowserForScreens)('channels in the browser', () => {
  it('the admin adds a channel, edits it and makes it the default', async () => {
    const page = await h.newPage();
    await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/admin/station');
    const table = page.getByRole('table', { name: 'Channels' });
    await table.getByText('Default').waitFor();
    expect(await table.getByRole('row').count()).toBe(2); // the header and the station that existed

    await page.getByRole('button', { name: 'Add channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a channel' });
    await dialog.getByLabel('Name', { exact: true }).fill('MeTV');
    await dialog.getByLabel('Call letters').fill('wspt');
    await dialog.getByLabel('Channel number').fill('six');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.getByText('Channel number must be a major number with an optional minor, such as 6.1').waitFor();
    await dialog.getByLabel('Channel number').fill('6.2');
    await dialog.getByLabel('Time zone').fill('America/Denver');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await page.getByText('Channel added').waitFor();
    const row = table.getByRole('row', { name: /MeTV/ });
    await row.getByText('WSPT 6.2').waitFor();
    await row.getByText('America/Denver').waitFor();

    await row.getByRole('button', { name: 'Edit MeTV' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit channel' });
    await edit.getByLabel('Market').fill('Springfield');
    await edit.getByRole('button', { name: 'Save channel' }).click();
    await row.getByText('Springfield').waitFor();

    await row.getByRole('button', { name: 'Make default: MeTV' }).click();
    await page.getByRole('dialog', { name: 'Make this the default channel?' }).getByRole('button', { name: 'Make default' }).click();
    await row.getByText('Default').waitFor();
    expect(await table.getByText('Default', { exact: true }).count()).toBe(1);

    await page.evaluate(axe.source);
    const violations = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    });
    expect(violations).toEqual([]);
  });

  it("with two active channels, New Order asks which channel, and the order offers only that channel's dayparts", async () => {
    const admin = await h.adminToken();
    const antenna = await h.inject({
      method: 'POST',
      url: '/api/channels',
      token: admin,
      payload: { call_letters: 'KSPT', channel_number: '4.3', name: 'Antenna' },
    });
    expect(antenna.statusCode, antenna.body).toBe(201);
    const daypart = await h.inject({
      method: 'POST',
      url: '/api/dayparts',
      token: admin,
      payload: { name: 'Antenna Afternoons', start_time: '13:00', end_time: '16:00', days_of_week: ['Monday'], base_cpm: 12, channel_id: antenna.json().id },
    });
    expect(daypart.statusCode, daypart.body).toBe(201);
    const client = await clientWithBrand(h);

    const page = await h.newPage();
    await openSignedIn(page, client.email, 'Client-Passw0rd', '/app/orders');
    await page.getByRole('button', { name: 'New Order' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Which channel does this order buy?' });
    await dialog.getByRole('radio', { name: 'KSPT 4.3 · Antenna' }).check();
    await dialog.getByRole('button', { name: 'Create order' }).click();
    await page.waitForURL(/\/app\/estimates\/[0-9a-f-]+\?edit=true/);
    await page.getByRole('checkbox', { name: 'Antenna Afternoons' }).waitFor();
    // Another channel's dayparts are not offered.
    expect(await page.getByRole('checkbox', { name: 'Early Morning' }).count()).toBe(0);
    const orderId = /estimates\/([0-9a-f-]+)/.exec(page.url())![1]!;
    const order = await h.inject({ method: 'GET', url: `/api/estimates/${orderId}`, token: client.token });
    expect(order.json().channel_id).toBe(antenna.json().id);
  });
});

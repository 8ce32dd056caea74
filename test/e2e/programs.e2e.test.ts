/**
 * Programs on Station Settings in the browser (issue 44, decision 060): the admin adds a program (a
 * refused overlap says which program it meets), imports a CSV and sees the result, and deletes one after
 * confirming. Axe finds no serious violation on the card.
 */
import axe from 'axe-core';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { hasBrowserForScreens, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowserForScreens) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowserForScreens)('programs in the browser', () => {
  it('the admin adds, imports and deletes programs', async () => {
    const page = await h.newPage();
    await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/admin/station');
    const card = page.getByRole('region', { name: 'Programs' });
    await card.getByText('No programs yet').waitFor();

    await card.getByRole('button', { name: 'Add program' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a program' });
    await dialog.getByLabel('Name', { exact: true }).fill('Morning News');
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await dialog.getByLabel(day, { exact: true }).check();
    await dialog.getByLabel('Start time').fill('06:00');
    await dialog.getByLabel('End time').fill('09:00');
    await dialog.getByRole('button', { name: 'Add program' }).click();
    await page.getByText('Program added').waitFor();
    const table = card.getByRole('table', { name: 'Programs' });
    await table
      .getByRole('row', { name: /Morning News/ })
      .getByText('Mon–Fri')
      .waitFor();

    // A program over it is refused, naming it.
    await card.getByRole('button', { name: 'Add program' }).click();
    await dialog.getByLabel('Name', { exact: true }).fill('Cartoons');
    await dialog.getByLabel('Mon', { exact: true }).check();
    await dialog.getByLabel('Start time').fill('08:00');
    await dialog.getByLabel('End time').fill('10:00');
    await dialog.getByRole('button', { name: 'Add program' }).click();
    await dialog.getByText('This program airs at the same time as "Morning News" on this channel').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const file = path.join(tmpdir(), `programs-${process.pid}.csv`);
    await writeFile(file, 'name,days,start,end\nThe Late Show,Mon-Fri,23:35,00:37\nWeekend Movie,Sat;Sun,20:00,22:00\n');
    await card.getByLabel('Import a CSV or BXF schedule').setInputFiles(file);
    await card.getByRole('button', { name: 'Import', exact: true }).click();
    await card.getByRole('status').getByText('Imported 2 programs from the CSV file.').waitFor();
    await table
      .getByRole('row', { name: /The Late Show/ })
      .getByText('ends the next day')
      .waitFor();
    expect(await table.getByRole('row').count()).toBe(4);

    await table.getByRole('button', { name: 'Delete Weekend Movie' }).click();
    await page.getByRole('dialog', { name: 'Delete this program?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Weekend Movie deleted').waitFor();
    expect(await table.getByRole('row').count()).toBe(3);

    await page.evaluate(axe.source);
    const violations = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    });
    expect(violations).toEqual([]);
  });
});

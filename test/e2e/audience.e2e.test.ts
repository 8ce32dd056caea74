/**
 * The order page's Audience card and Station Settings' Ratings books (issue 43, decision 057), at 1440×900:
 * the owner of a submitted order on a target demo sees its GRPs and CPP from the channel's current book,
 * and the card takes nothing from the page: Withdraw to Draft still answers with its toast. An admin
 * imports a book in Station Settings and makes it current. The order form takes the target demo and a
 * guarantee, saved as typed, and shows the week's GRPs and CPP live, in the summary and (390×844) in the phone's summary bar.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookRatings, books } from '../../src/server/db/schema';
import { ADMIN } from '../support/app';
import { hasBrowserForScreens, keepScreenshot, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { clientWithBrand, createDaypart, createOrder, putOrder, readyOrder } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowserForScreens) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowserForScreens)('audience on screen', () => {
  it('shows the order’s GRPs and CPP beside the order, and the owner still withdraws it to draft', async () => {
    const db = h.database.db;
    // Weekdays at $15 CPM: $20.49 a spot; 2 a day is 10 spots a week.
    const daypart = await createDaypart(db, { name: 'Screen Morning' });
    const [book] = await db
      .insert(books)
      .values({ channelId: daypart.channelId, name: 'Nov26', ratingService: 'Nielsen', surveyPeriod: 'Nov26', isCurrent: true })
      .returning();
    await db.insert(bookRatings).values({ bookId: book!.id, daypartId: daypart.id, demo: 'A25-54', rating: 2, impressions: 20 });
    const owner = await clientWithBrand(h);
    const { order } = await readyOrder(h, { owner, daypartId: daypart.id, spots: 2 });
    expect((await putOrder(h, owner.token, order.id, { target_demo: 'a25-54' })).statusCode).toBe(200);
    expect((await putOrder(h, owner.token, order.id, { status: 'ordered' })).statusCode).toBe(200);

    const page = await h.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, owner.email, 'Client-Passw0rd', `/app/estimates/${order.id}`);
    const card = page.getByRole('region', { name: 'Audience' });
    await card.getByText('On A25-54 · book Nov26').waitFor();
    // 2.0 a spot: 20 GRPs a full week at $204.90, a CPP of $10.25.
    await card.getByText(/rating 2\.0/).waitFor();
    await keepScreenshot(page, 'test-results/screenshots/audience/order-audience-1440.png');

    await page.getByRole('button', { name: 'Withdraw to Draft' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw this order?' });
    await withdraw.getByRole('button', { name: 'Withdraw to Draft' }).click();
    await page.getByText('Order withdrawn to draft').waitFor();
    await page.getByRole('button', { name: 'Submit Order' }).waitFor();
  });

  it('lets an admin import a ratings book and make it current in Station Settings', async () => {
    await createDaypart(h.database.db, { name: 'Screen Prime' });
    const page = await h.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/admin/station');
    const section = page.getByRole('region', { name: 'Ratings books' });
    await section.getByRole('button', { name: 'Import book' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a ratings book' });
    await dialog.getByLabel('Name').fill('Feb27');
    await dialog.getByLabel('Rating service').fill('Nielsen');
    await dialog.getByLabel('Survey period').fill('Feb27 DMA Live+3');
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'feb27.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('daypart,demo,rating,impressions,universe\nScreen Prime,A25-54,6,60,1000\nScreen Prime,X,1,1,1\n'),
    });
    await dialog.getByRole('button', { name: 'Import book' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Line 3: "X" is not a demo' }).waitFor();
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'feb27.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('daypart,demo,rating,impressions,universe\nScreen Prime,A25-54,6,60,1000\n'),
    });
    await dialog.getByRole('button', { name: 'Import book' }).click();
    await page.getByText('Book imported').waitFor();
    await section.getByRole('button', { name: 'Make current: Feb27' }).click();
    await page.getByText('Feb27 is the current book').waitFor();
    await section.getByRole('button', { name: 'Make current: Nov26' }).waitFor();
  });

  it('takes the target demo and an audience guarantee on the order form, saved with the draft', async () => {
    const owner = await clientWithBrand(h);
    const order = await createOrder(h, owner.token, { estimate_name: 'Demo buy', brand_id: owner.brand.id });
    const saved = async () => (await h.inject({ method: 'GET', url: `/api/estimates/${order.id}`, token: owner.token })).json();
    const page = await h.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, owner.email, 'Client-Passw0rd', `/app/estimates/${order.id}`);
    const audience = page.getByRole('group', { name: 'Audience (optional)' });
    await audience.getByLabel('Target demo').fill('A25-');
    await audience.getByText('A demo is written as HH').waitFor();
    await audience.getByLabel('Target demo').fill('a25-54');
    await audience.getByLabel('Guarantee demo').fill('w25-54');
    await audience.getByText('Enter the goal to save the guarantee').waitFor();
    await audience.getByLabel('Guarantee in').selectOption('grps');
    await audience.getByLabel('Guaranteed goal').fill('120');
    await expect.poll(async () => (await saved()).audience_guarantee, { timeout: 15_000 }).toEqual({ demo: 'W25-54', grps: 120, impressions: null });
    expect((await saved()).target_demo).toBe('A25-54');

    await page.reload();
    await expect.poll(() => page.getByLabel('Target demo').inputValue()).toBe('A25-54');
    expect(await page.getByLabel('Guaranteed goal').inputValue()).toBe('120');
    await page.getByLabel('Guaranteed goal').fill('');
    await page.getByLabel('Guarantee demo').fill('');
    await expect.poll(async () => (await saved()).audience_guarantee, { timeout: 15_000 }).toBeNull();
    await keepScreenshot(page, 'test-results/screenshots/audience/order-form-audience-1440.png');
  });

  it('shows the week’s GRPs and CPP on the target demo in the order summary as the spots are typed', async () => {
    const db = h.database.db;
    // Weekdays at $15 CPM: $20.49 a spot. On the current book, 2.0 a spot on A25-54.
    const daypart = await createDaypart(db, { name: 'Typed Morning' });
    const [current] = await db
      .select({ id: books.id, name: books.name })
      .from(books)
      .where(and(eq(books.channelId, daypart.channelId), eq(books.isCurrent, true)));
    await db.insert(bookRatings).values({ bookId: current!.id, daypartId: daypart.id, demo: 'A25-54', rating: 2, impressions: 20 });
    const owner = await clientWithBrand(h);
    const { order } = await readyOrder(h, { owner, daypartId: daypart.id, spots: 2 });
    const page = await h.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, owner.email, 'Client-Passw0rd', `/app/estimates/${order.id}`);
    await page.getByRole('group', { name: 'Audience (optional)' }).getByLabel('Target demo').fill('a25-54');
    // 2 a day × 5 days × 2.0 = 20.0 GRPs; $204.90 ÷ 20 = $10.245, a CPP of $10.25.
    await expect.poll(() => page.getByTestId('weekly-grps').textContent()).toBe('20.0');
    expect(await page.getByTestId('weekly-cpp').textContent()).toBe('$10.25');
    expect(await page.getByTestId('audience-book').textContent()).toBe(`On ${current!.name}`);
    await page.getByLabel('Spots per day for Typed Morning').fill('3');
    // 3 × 5 × 2.0 = 30.0 GRPs at once, before any save.
    await expect.poll(() => page.getByTestId('weekly-grps').textContent()).toBe('30.0');
    await page.getByRole('group', { name: 'Audience (optional)' }).getByLabel('Target demo').fill('');
    await page.getByTestId('weekly-grps').waitFor({ state: 'detached' });
  });

  it('keeps the week’s GRPs and CPP in view on a phone, in the summary bar, as the spots are typed', async () => {
    const db = h.database.db;
    const daypart = await createDaypart(db, { name: 'Phone Morning' });
    const [current] = await db
      .select({ id: books.id, name: books.name })
      .from(books)
      .where(and(eq(books.channelId, daypart.channelId), eq(books.isCurrent, true)));
    await db.insert(bookRatings).values({ bookId: current!.id, daypartId: daypart.id, demo: 'A25-54', rating: 2, impressions: 20 });
    const owner = await clientWithBrand(h);
    const { order } = await readyOrder(h, { owner, daypartId: daypart.id, spots: 2 });
    const page = await h.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, owner.email, 'Client-Passw0rd', `/app/estimates/${order.id}`);
    // No target demo: the bar has no audience figures.
    await page.getByRole('link', { name: 'Summary', exact: true }).waitFor();
    expect(await page.getByTestId('bar-grps').count()).toBe(0);
    await page.getByRole('group', { name: 'Audience (optional)' }).getByLabel('Target demo').fill('a25-54');
    // 2 a day × 5 days × 2.0 = 20.0 GRPs; $204.90 ÷ 20 = $10.245, a CPP of $10.25.
    await expect.poll(() => page.getByTestId('bar-grps').textContent()).toBe('20.0');
    expect(await page.getByTestId('bar-cpp').textContent()).toBe('$10.25');
    // Stuck to the bottom of the screen, within it, and nothing in it wider than the phone.
    const bar = (await page.getByTestId('bar-grps').boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(844);
    expect(bar.y).toBeGreaterThan(844 - 120);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByLabel('Spots per day for Phone Morning').fill('3');
    // 3 × 5 × 2.0 = 30.0 GRPs at once, before any save; $307.35 ÷ 30 = $10.245: $10.25.
    await expect.poll(() => page.getByTestId('bar-grps').textContent()).toBe('30.0');
    expect(await page.getByTestId('bar-cpp').textContent()).toBe('$10.25');
    await keepScreenshot(page, 'test-results/screenshots/audience/order-form-bar-390.png');
  });
});

/**
 * ADUs on screen (issue 43, decision 057): an admin offers the ADUs a guaranteed order is owed from its
 * post-buy on the order page; the advertiser accepts one (after a confirmation) and declines another in
 * the order's ADUs card.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcastMonthOf } from '../../src/domain/broadcast-calendar';
import { addDays } from '../../src/domain/dates';
import { bookRatings, books, postBooks, trafficSpots } from '../../src/server/db/schema';
import { ADMIN } from '../support/app';
import { hasBrowserForScreens, keepScreenshot, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { clientWithBrand, createDaypart, putOrder, readyOrder } from '../support/ordering-fixtures';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowserForScreens) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowserForScreens)('ADUs on screen', () => {
  it('an admin offers the ADUs; the advertiser accepts one after confirming and declines another', async () => {
    const db = h.database.db;
    const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    const daypart = await createDaypart(db, { name: 'Screen ADU', daysOfWeek: everyDay, spotFrequency: 4 });
    const [book] = await db
      .insert(books)
      .values({ channelId: daypart.channelId, name: 'Nov26', ratingService: 'Nielsen', surveyPeriod: 'Nov26', isCurrent: true })
      .returning();
    await db.insert(bookRatings).values({ bookId: book!.id, daypartId: daypart.id, demo: 'A25-54', rating: 2, impressions: 20 });
    const owner = await clientWithBrand(h);
    const admin = await h.adminToken();
    const { order } = await readyOrder(h, { owner, daypartId: daypart.id, spots: 1, totalSpend: 150, name: 'Screen guarantee' });
    expect((await putOrder(h, owner.token, order.id, { audience_guarantee: { demo: 'A25-54', grps: 10 } })).statusCode).toBe(200);
    expect((await putOrder(h, owner.token, order.id, { status: 'ordered' })).statusCode).toBe(200);
    expect((await h.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
    // Two spots aired, on the book's 2.0: 4 of the 10 GRPs guaranteed, 6 short: ⌈6 ÷ 2⌉ = 3 ADUs.
    const start = order.start_date as string;
    const aired = [0, 1].map((day) => {
      const at = new Date(`${addDays(start, day)}T06:00:00Z`);
      return {
        airDate: addDays(start, day),
        channelId: daypart.channelId,
        estimateId: order.id,
        estimateItemId: (order.items as { id: string }[])[0]!.id,
        daypartId: daypart.id,
        houseCode: randomUUID().slice(0, 8),
        durationSeconds: 30,
        breakAt: at,
        scheduledAt: at,
        position: 1,
        status: 'aired' as const,
        airedAt: at,
      };
    });
    await db.insert(trafficSpots).values(aired);
    for (const month of new Set(aired.map((s) => broadcastMonthOf(s.airDate).month)))
      await db.insert(postBooks).values({ channelId: daypart.channelId, month, bookId: book!.id });

    const desk = await h.newPage();
    await openSignedIn(desk, ADMIN.email, ADMIN.password, `/app/estimates/${order.id}`);
    const audience = desk.getByRole('region', { name: 'Audience' });
    await audience.getByText('ADUs: 3 no-charge spots in Screen ADU cover the shortfall').waitFor();
    await audience.getByRole('button', { name: 'Offer 3 ADUs' }).click();
    const offer = desk.getByRole('dialog', { name: 'Offer ADUs' });
    await offer.getByRole('button', { name: 'Offer ADUs' }).click();
    await desk.getByText('3 ADUs offered in Screen ADU; the advertiser accepts or declines them on the order').waitFor();
    await audience.getByText('3 pending (offered, accepted, or aired and not yet valued)').waitFor();

    const page = await h.newPage();
    await openSignedIn(page, owner.email, 'Client-Passw0rd', `/app/estimates/${order.id}`);
    const card = page.getByRole('region', { name: 'ADUs' });
    await card.getByText('ADU · no charge · Screen ADU').first().waitFor();
    const acceptButtons = card.getByRole('button', { name: /^Accept ADU on / });
    await expect.poll(() => acceptButtons.count()).toBe(3);
    await keepScreenshot(page, 'test-results/screenshots/audience/order-adus-offered.png');

    await acceptButtons.first().click();
    const confirm = page.getByRole('dialog', { name: 'Accept ADU' });
    await confirm.getByText('It is not billed.').waitFor();
    await confirm.getByRole('button', { name: 'Accept ADU' }).click();
    await page.getByText('ADU accepted: the no-charge spot is placed on the log').waitFor();
    await card.getByText('Accepted', { exact: true }).waitFor();

    await card
      .getByRole('button', { name: /^Decline ADU on / })
      .first()
      .click();
    const decline = page.getByRole('dialog', { name: 'Decline ADU' });
    await decline.getByRole('button', { name: 'Decline ADU' }).click();
    await page.getByText('ADU declined: it will not air; nothing is credited or billed').waitFor();
    await expect.poll(() => card.getByRole('button', { name: /^Accept ADU on / }).count()).toBe(1);
  });
});

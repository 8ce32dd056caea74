/**
 * An affidavit a buyer can check (issue 23 item 7, decision 031): the order by name and number, each
 * spot by ISCI/house code and title, credits printed with a sign the PDF's font has, PDF and CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { setOrderStatus } from '../support/campaign-fixtures';
import { createDaypart, submittedOrder } from '../support/ordering-fixtures';
import { uploadAsRun } from '../support/as-run-fixtures';
import { pdfText } from '../support/pdf-text';
import { autoOfferMakegoods } from '../support/station-settings';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DAY = '2027-06-07';
let now = new Date('2027-05-30T14:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  // These tests read the makegoods an as-run offers at once: the station's choice (decision 058).
  await autoOfferMakegoods(t.database.db);
});
afterAll(async () => t?.close());

describe('the affidavit', () => {
  it('names the order by name and number and each spot by house code and title, and prints its credit as -$', async () => {
    const admin = await t.adminToken();
    const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 10 });
    const { owner, order } = await submittedOrder(t, { name: 'Spring sale', startDate: DAY, daypartId: daypart.id, spots: 2, totalSpend: 3000 });
    await setOrderStatus(t, order.id, 'active');
    await t.app.ctx.stationClock.tick();
    now = new Date('2027-06-08T15:00:00Z');
    const spots = (
      (await t.inject({ method: 'GET', url: `/api/traffic/logs/${DAY}`, token: admin })).json().spots as {
        id: string;
        local_time: string;
        house_code: string;
        estimate_id: string;
      }[]
    ).filter((s) => s.estimate_id === order.id);
    const [aired] = spots;
    const csv0 = ['date,time,house_code,duration,status,spot_id', `${DAY},${aired!.local_time},${aired!.house_code},30,aired,${aired!.id}`].join('\n');
    const imported = await uploadAsRun(t, 'day.csv', csv0, admin, 'text/csv', { close_day: 'true' });
    expect(imported.statusCode, imported.body).toBe(201);
    const offers = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/makegoods`, token: owner.token })).json();
    const offer = (Array.isArray(offers) ? offers : (offers.makegoods ?? offers.offers)) as { id: string; status: string }[];
    const open = offer.find((o) => o.status === 'offered');
    expect(open).toBeDefined();
    expect((await t.inject({ method: 'POST', url: `/api/makegoods/${open!.id}/decline`, token: owner.token })).statusCode).toBe(200);

    const number = order.id.slice(0, 8).toUpperCase();
    const title = owner.media.filename.replace(/\.[A-Za-z0-9]{1,5}$/, '');
    const pdf = pdfText((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/affidavit?from=${DAY}&to=${DAY}`, token: owner.token })).rawPayload);
    expect(pdf).toContain('Spring sale');
    expect(pdf).toContain(`Order no. ${number}`);
    expect(pdf).not.toContain(order.id);
    expect(pdf).toContain(aired!.house_code);
    expect(pdf.replace(/\s+/g, '')).toContain(title); // a long title wraps in its column
    expect(pdf).toMatch(/-\$\d+\.\d\d/);
    expect(pdf).not.toContain('"$');

    const csv = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/affidavit?from=${DAY}&to=${DAY}&format=csv`, token: owner.token })).body
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe(
      'date,scheduled_time,actual_time,daypart,house_code,duration_seconds,status,impressions,cost,makegood,credit,order_number,order_name,title,ad_id,agency_estimate_number,client_code,product_code,po_number,program,adu',
    );
    expect(csv.slice(1).map((l) => l.split(',').slice(11, 13))).toEqual([
      [number, 'Spring sale'],
      [number, 'Spring sale'],
    ]);
  });
});

/** Issue 27: the commercial's Ad-ID, booked length and title, at upload and later; the house number. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_ID_MESSAGES } from '../../src/domain/ad-id';
import { mediaAssets, trafficSpots } from '../../src/server/db/schema';
import { createMediaTestApp, type MediaTestApp } from '../support/media-fixtures';
import { createDaypart, readyOrder } from '../support/ordering-fixtures';
import { clockNow } from '../support/clock';

let t: MediaTestApp;
let owner: { token: string; user: { id: string } };
let other: { token: string; user: { id: string } };
let adminToken: string;
let brand: { id: string };

beforeAll(async () => {
  t = await createMediaTestApp();
  owner = await t.signUp();
  other = await t.signUp();
  adminToken = await t.adminToken();
  brand = await t.createBrand(owner.token, 'Sunny Juice');
});
afterAll(() => t.close());

const file = { name: 'file', filename: 'spot.mp4', type: 'video/mp4', data: Buffer.from('not really a video') };
const patch = (id: string, payload: Record<string, unknown>, token = owner.token) => t.inject({ method: 'PATCH', url: `/api/media/${id}`, token, payload });
const seed = () => t.seedAsset({ brandId: brand.id, uploadedBy: owner.user.id });

describe('Ad-ID, length and title on media', () => {
  it('takes them at upload, upper-cased; the house code is the Ad-ID', async () => {
    const res = await t.upload(owner.token, [
      { name: 'brand_id', value: brand.id },
      { name: 'ad_id', value: 'sunj0001000h' },
      { name: 'spot_length', value: '30' },
      { name: 'title', value: 'Summer Squeeze :30' },
      file,
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      ad_id: 'SUNJ0001000H',
      spot_length: 30,
      title: 'Summer Squeeze :30',
      house_code: 'SUNJ0001000H',
      house_number: expect.stringMatching(/^SB\d{6}$/),
    });
  });

  it('refuses a bad Ad-ID, length or title at upload with the message, before storing anything', async () => {
    const before = t.storedFiles().length;
    const bad = async (name: string, value: string) => (await t.upload(owner.token, [{ name: 'brand_id', value: brand.id }, { name, value }, file])).json();
    expect(await bad('ad_id', '0ABC1234567')).toEqual({ error: AD_ID_MESSAGES.prefixZero, field: 'ad_id' });
    expect(await bad('ad_id', 'ABC-123')).toEqual({ error: AD_ID_MESSAGES.characters, field: 'ad_id' });
    expect(await bad('ad_id', 'ABCD12345')).toEqual({ error: AD_ID_MESSAGES.invalid, field: 'ad_id' });
    expect(await bad('spot_length', '45')).toEqual({ error: 'Spot length must be 15, 30 or 60 seconds', field: 'spot_length' });
    expect(await bad('title', 'x'.repeat(121))).toEqual({ error: 'Title must be at most 120 characters', field: 'title' });
    expect(t.storedFiles().length).toBe(before);
  });

  it('keeps one Ad-ID to one commercial: 409 at upload and on edit, whatever the case', async () => {
    const first = await seed();
    expect((await patch(first.id, { ad_id: 'ABCD7777777' })).json()).toMatchObject({ ad_id: 'ABCD7777777', house_code: 'ABCD7777777' });
    const dup = await t.upload(owner.token, [{ name: 'brand_id', value: brand.id }, { name: 'ad_id', value: 'abcd7777777' }, file]);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'This Ad-ID is already used by another commercial at this station' });
    const second = await seed();
    const res = await patch(second.id, { ad_id: 'abcd7777777' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: AD_ID_MESSAGES.taken });
    // The same commercial may be saved again with its own Ad-ID; a legacy ISCI code is accepted.
    expect((await patch(first.id, { ad_id: 'ABCD7777777', title: 'Again' })).statusCode).toBe(200);
    expect((await patch(second.id, { ad_id: 'sunj1234' })).json()).toMatchObject({ ad_id: 'SUNJ1234', house_code: 'SUNJ1234' });
  });

  it('warns when the booked length does not fit the probed video within a second', async () => {
    const asset = await seed();
    await t.database.db.update(mediaAssets).set({ durationSeconds: 15.02 }).where(eq(mediaAssets.id, asset.id));
    const off = await patch(asset.id, { spot_length: 30 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ spot_length: 30, spot_length_warning: 'The video runs 15.02 s, which is not a :30 spot (allowed within 1 s)' });
    expect((await patch(asset.id, { spot_length: 15 })).json()).toMatchObject({ spot_length: 15, spot_length_warning: null });
    expect((await patch(asset.id, { spot_length: 20 })).json()).toEqual({ error: 'Spot length must be 15, 30 or 60 seconds', field: 'spot_length' });
  });

  it('lets only the owner or an admin edit, the house number only the station, and nothing once a spot aired', async () => {
    const asset = await seed();
    expect((await patch(asset.id, { title: 'Theirs' }, other.token)).statusCode).toBe(404);
    expect((await patch(asset.id, {})).json()).toEqual({ error: 'Nothing to change: send ad_id, spot_length, title or house_number' });
    expect((await patch(asset.id, { house_number: 'JUICE-01' })).json()).toEqual({ error: 'Only the station can change a house number' });
    const renumbered = await patch(asset.id, { house_number: 'juice-01' }, adminToken);
    expect(renumbered.json()).toMatchObject({ house_number: 'JUICE-01', house_code: 'JUICE-01' });
    const clash = await seed();
    expect((await patch(clash.id, { house_number: 'JUICE-01' }, adminToken)).json()).toEqual({
      error: 'This house number is already used by another commercial',
    });
    expect((await patch(asset.id, { title: '  ', ad_id: '' })).json()).toMatchObject({ title: null, ad_id: null });

    const { order } = await readyOrder(t);
    const daypart = await createDaypart(t.database.db);
    const at = clockNow();
    await t.database.db.insert(trafficSpots).values({
      airDate: '2027-01-04',
      estimateId: order.id,
      daypartId: daypart.id,
      mediaAssetId: asset.id,
      houseCode: 'JUICE-01',
      durationSeconds: 30,
      breakAt: at,
      scheduledAt: at,
      position: 1,
      status: 'aired',
      airedAt: at,
    });
    const late = await patch(asset.id, { ad_id: 'ABCD1111111' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'This commercial has aired: its Ad-ID, length and title can no longer change' });
  });
});

/** The processing lease (decision 015): one holder at a time, taken over only once it runs out. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaAssets } from '../../src/server/db/schema';
import { claimProcessing, releaseLease, renewLease, takeExpiredLeases } from '../../src/server/modules/media/lease';
import { createMediaTestApp, type MediaTestApp } from '../support/media-fixtures';

let t: MediaTestApp;
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(() => t.close());

const unfinishedAsset = async () => {
  const owner = await t.signUp();
  const brand = await t.createBrand(owner.token);
  const row = await t.seedAsset({ brandId: brand.id, uploadedBy: owner.user.id });
  await t.database.db.update(mediaAssets).set({ processingStage: 'preview', processingProgress: 40 }).where(eq(mediaAssets.id, row.id));
  return row.id;
};
const expire = (id: string) =>
  t.database.db
    .update(mediaAssets)
    .set({ processingLeaseUntil: sql`now() - interval '1 second'` })
    .where(eq(mediaAssets.id, id));
const read = async (id: string) => (await t.database.db.select().from(mediaAssets).where(eq(mediaAssets.id, id)))[0]!;

describe('media processing lease', () => {
  it('lets one instance hold an asset; another gets it only after the lease ran out, once', async () => {
    const db = t.database.db;
    const id = await unfinishedAsset();
    expect(await claimProcessing(db, id, 'host-a:1:aaaa', 30_000)).toBe(true);
    expect(await claimProcessing(db, id, 'host-b:2:bbbb', 30_000)).toBe(false);
    expect(await renewLease(db, id, 'host-b:2:bbbb', 30_000)).toBe(false);
    expect(await renewLease(db, id, 'host-a:1:aaaa', 30_000)).toBe(true);
    expect(await takeExpiredLeases(db)).not.toContain(id);

    await expire(id);
    // Released by the sweep of one instance only; the next sweep finds nothing.
    expect(await takeExpiredLeases(db)).toContain(id);
    expect(await takeExpiredLeases(db)).not.toContain(id);
    expect(await claimProcessing(db, id, 'host-b:2:bbbb', 30_000)).toBe(true);
    // The old holder's heartbeat learns it lost the asset.
    expect(await renewLease(db, id, 'host-a:1:aaaa', 30_000)).toBe(false);
    expect(await read(id)).toMatchObject({ processingOwner: 'host-b:2:bbbb', processingAttempts: 2 });
  });

  it('gives an asset back on shutdown, and never hands out a finished one', async () => {
    const db = t.database.db;
    const id = await unfinishedAsset();
    expect(await claimProcessing(db, id, 'host-a:1:aaaa', 30_000)).toBe(true);
    await releaseLease(db, id, 'host-a:1:aaaa');
    expect(await read(id)).toMatchObject({ processingOwner: null, processingLeaseUntil: null });
    expect(await claimProcessing(db, id, 'host-c:3:cccc', 30_000)).toBe(true);

    await db.update(mediaAssets).set({ processingStage: 'complete', processingOwner: null, processingLeaseUntil: null }).where(eq(mediaAssets.id, id));
    expect(await claimProcessing(db, id, 'host-d:4:dddd', 30_000)).toBe(false);
  });
});

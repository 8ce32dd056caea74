import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaAssets } from '../../src/server/db/schema';
import { createMediaTestApp, listen, readEventsThen, type MediaTestApp } from '../support/media-fixtures';

let t: MediaTestApp;
let base: string;
let owner: { token: string; user: { id: string } };
let brand: { id: string };

beforeAll(async () => {
  t = await createMediaTestApp();
  base = await listen(t.app);
  owner = await t.signUp();
  brand = await t.createBrand(owner.token);
});
afterAll(() => t.close());

/** An asset that some other instance is processing: this process has no live events for it. */
const processedElsewhere = async () => {
  const asset = await t.seedAsset({ brandId: brand.id, uploadedBy: owner.user.id });
  await t.database.db
    .update(mediaAssets)
    .set({ processingStage: 'preview', processingProgress: 30, processingMessage: 'Making the preview' })
    .where(eq(mediaAssets.id, asset.id));
  return asset;
};

const followThen = (id: string, change: () => unknown) =>
  readEventsThen(`${base}/api/media/upload-progress/${id}?token=${encodeURIComponent(owner.token)}`, change, 20_000);

describe('progress of processing done elsewhere', () => {
  it('follows the row: current state first, then its changes, ending at complete', async () => {
    const asset = await processedElsewhere();
    const events = await followThen(asset.id, () =>
      t.database.db
        .update(mediaAssets)
        .set({ processingStage: 'complete', processingProgress: 100, processingMessage: 'Ready' })
        .where(eq(mediaAssets.id, asset.id)),
    );
    expect(events[0]).toEqual({ stage: 'preview', progress: 30, message: 'Making the preview' });
    expect(events.at(-1)).toEqual({ stage: 'complete', progress: 100, message: 'Ready' });
  });

  it('ends with an error when the asset disappears', async () => {
    const asset = await processedElsewhere();
    const events = await followThen(asset.id, () => t.database.db.delete(mediaAssets).where(eq(mediaAssets.id, asset.id)));
    expect(events.at(-1)).toEqual({ stage: 'error', progress: 100, message: 'This media asset is no longer available' });
  });

  it('tells a follower when the asset is deleted through the API', async () => {
    const asset = await processedElsewhere();
    const events = await followThen(asset.id, () => t.inject({ method: 'DELETE', url: `/api/media/${asset.id}`, token: owner.token }));
    expect(events.at(-1)).toEqual({ stage: 'error', progress: 100, message: 'This media asset was deleted' });
  });
});

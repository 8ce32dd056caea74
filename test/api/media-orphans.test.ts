import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanFiles } from '../../src/server/modules/media/orphans';
import { createLocalStorage } from '../../src/server/platform/storage';
import { createMediaTestApp, type MediaTestApp } from '../support/media-fixtures';

let t: MediaTestApp;
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(() => t.close());

describe('files of assets deleted with their brand', () => {
  it('are swept; files of live assets and recent files stay', async () => {
    const owner = await t.signUp();
    const kept = await t.createBrand(owner.token, 'Kept Brand');
    const dropped = await t.createBrand(owner.token, 'Dropped Brand');
    const live = await t.seedAsset({ brandId: kept.id, uploadedBy: owner.user.id });
    const orphan = await t.seedAsset({ brandId: dropped.id, uploadedBy: owner.user.id });
    const res = await t.inject({ method: 'DELETE', url: `/api/brands/${dropped.id}`, token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(t.storedFiles()).toContain(orphan.storageKey);

    const storage = await createLocalStorage(path.join(t.dataDir, 'media'));
    // Young files are left alone: an upload may store its file just before its row.
    expect(await sweepOrphanFiles({ db: t.database.db, storage })).toBe(0);
    expect(await sweepOrphanFiles({ db: t.database.db, storage, minAgeMs: 0 })).toBe(1);
    expect(t.storedFiles()).not.toContain(orphan.storageKey);
    expect(t.storedFiles()).toContain(live.storageKey);
  });
});

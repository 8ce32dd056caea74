import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { hasBrowser, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { makeClip, multipart } from '../support/media-fixtures';
import { createBrand, createMediaAsset } from '../support/ordering-fixtures';

let h: BrowserHarness;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-e2e-media-'));
  if (hasBrowser) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasBrowser)('media in the browser', () => {
  it('a client uploads a clip and watches it reach complete; an admin approves it on Media Approvals', async () => {
    const clip = await makeClip(dir, 'spring-spot.mp4');
    const { user, password, token } = await h.signUp();
    await h.inject({ method: 'POST', url: '/api/brands', token, payload: { common_name: 'Spring Water', legal_name: 'Spring Water Inc' } });

    const page = await h.newPage();
    await openSignedIn(page, user.email, password, '/app/media');
    await page.getByLabel('Brand', { exact: true }).selectOption({ label: 'Spring Water' });
    await page.getByLabel('Video file').setInputFiles(clip);
    // Issue 27: a bad Ad-ID is refused before anything is sent; a good one is upper-cased and kept with the title.
    await page.getByLabel('Ad-ID (optional)').fill('0prw0001000');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('An Ad-ID company prefix cannot start with 0').waitFor();
    await page.getByLabel('Ad-ID (optional)').fill('sprw0001000');
    await page.getByLabel('Title (optional)').fill('Spring Fresh');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('progressbar').waitFor();
    await page.getByText('Complete').first().waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Preview spring-spot.mp4' }).waitFor();
    const [uploaded] = (await h.inject({ method: 'GET', url: '/api/media', token })).json() as { ad_id: string; title: string; house_code: string }[];
    expect(uploaded).toMatchObject({ ad_id: 'SPRW0001000', title: 'Spring Fresh', house_code: 'SPRW0001000' });
    // The owner edits the title later from the preview.
    await page.getByRole('button', { name: 'Preview spring-spot.mp4' }).click();
    const preview = page.getByRole('dialog', { name: 'spring-spot.mp4' });
    await preview.getByLabel('Title', { exact: true }).fill('Spring Fresh :02');
    await preview.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Commercial details saved').waitFor();
    await preview.getByRole('button', { name: 'Close' }).click();
    expect(((await h.inject({ method: 'GET', url: '/api/media', token })).json() as { title: string }[])[0]!.title).toBe('Spring Fresh :02');

    const admin = await h.newPage();
    await openSignedIn(admin, ADMIN.email, ADMIN.password, '/app/admin/media-approvals');
    await admin.getByRole('button', { name: 'Approve spring-spot.mp4' }).click();
    await admin.getByText('Media asset approved').waitFor();
    await admin.getByRole('tab', { name: /Approved 1/ }).click();
    await admin.getByRole('cell', { name: 'spring-spot.mp4' }).first().waitFor();
  });

  it('Media Approvals: counts, empty states, the preview with its details, and bulk approval', async () => {
    const clip = readFileSync(await makeClip(dir, 'bulk.mp4', { seconds: 1, audio: false }));
    const { token } = await h.signUp();
    const brand = (
      await h.inject({ method: 'POST', url: '/api/brands', token, payload: { common_name: 'Bulk Cola', legal_name: 'Bulk Cola Inc' } })
    ).json() as { id: string };
    for (const name of ['bulk-one.mp4', 'bulk-two.mp4']) {
      const res = await h.inject({
        method: 'POST',
        url: '/api/media/upload',
        token,
        ...multipart([
          { name: 'brand_id', value: brand.id },
          { name: 'file', filename: name, type: 'video/mp4', data: clip },
        ]),
      });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    // A spot is approved once its video check has passed: wait for both checks (slow on a loaded machine) before the desk acts.
    await expect
      .poll(
        async () =>
          (
            (await h.inject({ method: 'GET', url: `/api/media?brand_id=${brand.id}`, token: await h.adminToken() })).json() as { processing_stage: string }[]
          ).map((a) => a.processing_stage),
        { timeout: 60_000 },
      )
      .toEqual(['complete', 'complete']);
    // Earlier tests may have left reviewed assets: only what this test made is counted on the Pending tab.
    const pendingBefore = ((await h.inject({ method: 'GET', url: '/api/media?status=pending', token: await h.adminToken() })).json() as unknown[]).length;

    const admin = await h.newPage();
    await openSignedIn(admin, ADMIN.email, ADMIN.password, '/app/admin/media-approvals');
    await admin.getByRole('tab', { name: new RegExp(`^Pending ${pendingBefore}$`) }).waitFor();
    await admin.getByText(`${pendingBefore} pending`, { exact: true }).waitFor();
    // No bulk actions until something is selected.
    expect(await admin.getByRole('button', { name: 'Approve All' }).count()).toBe(0);

    await admin.getByRole('tab', { name: /^Rejected/ }).click();
    await admin.getByText('No rejected media').waitFor();
    await admin.getByRole('tab', { name: /^Pending/ }).click();

    await admin.getByRole('button', { name: 'Preview bulk-one.mp4' }).click();
    const modal = admin.getByRole('dialog', { name: 'bulk-one.mp4' });
    await modal.getByText('Media code').waitFor();
    await modal.getByText('Bulk Cola').waitFor();
    await modal.getByRole('link', { name: 'Download' }).waitFor();
    await modal.getByRole('button', { name: 'Approve' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();

    await admin.getByRole('checkbox', { name: 'Select bulk-one.mp4' }).check();
    await admin.getByRole('checkbox', { name: 'Select bulk-two.mp4' }).check();
    await admin.getByText('2 selected').waitFor();
    await admin.getByRole('button', { name: 'Approve All' }).click();
    // Two approvals at once on the one embedded connection: under a loaded machine they have taken over 10 s.
    await admin.getByText('2 media assets approved').waitFor({ timeout: 30_000 });
    await admin.getByRole('tab', { name: new RegExp(`^Pending ${pendingBefore - 2}$`) }).waitFor();
    if (pendingBefore === 2) await admin.getByText('No pending media').waitFor();
    const statuses = (
      (await h.inject({ method: 'GET', url: `/api/media?brand_id=${brand.id}`, token: await h.adminToken() })).json() as { status: string }[]
    ).map((a) => a.status);
    expect(statuses).toEqual(['approved', 'approved']);
  });
  it("Media Approvals shows each spot's Ad-ID, booked length and running time, and asks before approving a file that does not run its length (issue 44)", async () => {
    const owner = await h.signUp();
    const brand = await createBrand(h.database.db, owner.user.id, { commonName: 'Short Juice' });
    await createMediaAsset(h.database.db, brand.id, {
      filename: 'short-spot.mp4',
      status: 'pending',
      adId: 'SHRT1234000H',
      spotLength: 30,
      durationSeconds: 6,
    });
    const admin = await h.newPage();
    await openSignedIn(admin, ADMIN.email, ADMIN.password, '/app/admin/media-approvals');
    await admin.getByText('Ad-ID SHRT1234000H · booked 30s · runs 0:06').first().waitFor();
    await admin.getByRole('button', { name: 'Approve short-spot.mp4' }).click();
    const ask = admin.getByRole('dialog', { name: 'Approve a spot of the wrong length?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect((await h.inject({ method: 'GET', url: `/api/media?brand_id=${brand.id}`, token: await h.adminToken() })).json()[0].status).toBe('pending');
    await admin.getByRole('button', { name: 'Approve short-spot.mp4' }).click();
    await ask.getByRole('button', { name: 'Approve Anyway' }).click();
    await admin.getByText('Media asset approved').waitFor();
    expect((await h.inject({ method: 'GET', url: `/api/media?brand_id=${brand.id}`, token: await h.adminToken() })).json()[0].status).toBe('approved');
  });
});

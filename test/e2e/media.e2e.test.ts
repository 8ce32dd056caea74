import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ADMIN } from '../support/app';
import { hasBrowser, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { makeClip } from '../support/media-fixtures';

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

const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/app/dashboard');
};

describe.skipIf(!hasBrowser)('media in the browser', () => {
  it('a client uploads a clip and watches it reach complete; an admin approves it on Media Approvals', async () => {
    const clip = await makeClip(dir, 'spring-spot.mp4');
    const { user, password, token } = await h.signUp();
    await h.inject({ method: 'POST', url: '/api/brands', token, payload: { common_name: 'Spring Water', legal_name: 'Spring Water Inc' } });

    const page = await h.newPage();
    await signIn(page, user.email, password);
    await page.goto('/app/media');
    await page.getByLabel('Brand', { exact: true }).selectOption({ label: 'Spring Water' });
    await page.getByLabel('Video file').setInputFiles(clip);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('progressbar').waitFor();
    await page.getByText('Complete').first().waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Preview spring-spot.mp4' }).waitFor();

    const admin = await h.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/app/admin/media-approvals');
    await admin.getByRole('button', { name: 'Approve spring-spot.mp4' }).click();
    await admin.getByText('Media asset approved').waitFor();
    await admin.getByRole('tab', { name: /Approved 1/ }).click();
    await admin.getByRole('cell', { name: 'spring-spot.mp4' }).first().waitFor();
  });
});

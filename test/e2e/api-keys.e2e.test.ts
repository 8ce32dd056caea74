/** Profile → API keys in the browser (issue 25, decision 030): make a key, see its secret once, use it, revoke it with confirmation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowserForScreens, startBrowserHarness, submitSignIn, type BrowserHarness } from '../support/browser';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowserForScreens) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowserForScreens)('API keys on Profile', () => {
  it('creates a key shown once, which works until it is revoked', async () => {
    const { user, password } = await h.signUp();
    const page = await h.newPage();
    await page.goto('/login');
    await submitSignIn(page, user.email, password);
    await page.waitForURL('**/app/dashboard');
    await page.goto('/app/profile');
    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByText('No API keys yet.').waitFor();
    await section.getByRole('button', { name: 'Create API key' }).click();
    await section.getByText('Name is required').waitFor();
    await section.getByLabel('Key name').fill('Agency TMS');
    await section.getByRole('button', { name: 'Create API key' }).click();
    await section.getByText('Copy your new key now: it will not be shown again.').waitFor();
    const secret = (await section.getByLabel('New API key').textContent())!;
    expect(secret).toMatch(/^sb_live_/);
    await section.getByRole('button', { name: 'Copy', exact: true }).waitFor();
    const list = section.getByRole('list', { name: 'Your API keys' });
    await list.getByText('Agency TMS', { exact: true }).waitFor();
    await list.getByText(/Never used/).waitFor();
    expect((await h.inject({ method: 'GET', url: '/api/estimates', token: secret })).statusCode).toBe(200);

    await section.getByRole('button', { name: 'Done' }).click();
    expect(await section.getByLabel('New API key').count()).toBe(0);
    await page.reload();
    await list.getByText(/Last used/).waitFor();
    await list.getByRole('button', { name: 'Revoke Agency TMS' }).click();
    await page.getByRole('dialog').getByText('Calls with "Agency TMS" will be refused at once. This cannot be undone.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await list.getByText(/Revoked/).waitFor();
    expect((await h.inject({ method: 'GET', url: '/api/estimates', token: secret })).statusCode).toBe(401);
  });
});

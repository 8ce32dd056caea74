/**
 * Webhooks screens in the browser (issue 25, decision 030): an advertiser adds an endpoint on Profile
 * (secret shown once), sends a test that a real receiver verifies, disables and deletes it; an
 * administrator's station-wide endpoint on Station Settings fails, and a retry delivers it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import axe from 'axe-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../support/app';
import { hasBrowserForScreens, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';

let h: BrowserHarness;
let receiver: http.Server;
let base: string;
const received: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
/** Status answered per path (200 unless set). */
const answers = new Map<string, number>();

beforeAll(async () => {
  if (!hasBrowserForScreens) return;
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ path: request.url ?? '/', headers: request.headers, body });
      response.writeHead(answers.get(request.url ?? '/') ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
  if (receiver) await new Promise((resolve) => receiver.close(resolve));
});

describe.skipIf(!hasBrowserForScreens)('Webhooks screens', () => {
  it('lets an advertiser add an endpoint, send a signed test, disable and delete it', async () => {
    const { user, password } = await h.signUp();
    const page = await h.newPage();
    await openSignedIn(page, user.email, password, '/app/profile');
    const section = page.getByRole('region', { name: 'Webhooks' });
    const list = section.getByRole('list', { name: 'Your webhook endpoints' });
    await list.getByText('No webhook endpoints yet.').waitFor();
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    await section.getByText('Endpoint URL is required').waitFor();
    await section.getByText('Choose at least one event').waitFor();

    await section.getByLabel('Endpoint URL').fill(`${base}/mine`);
    await section.getByLabel('Description').fill('Agency TMS');
    await section.getByLabel('order.created').check();
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    await section.getByText('Copy the signing secret now: it will not be shown again.').waitFor();
    const secret = (await section.getByLabel('Signing secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await section.getByRole('button', { name: 'Done' }).click();
    expect(await section.getByLabel('Signing secret').count()).toBe(0);

    const item = list.getByRole('listitem').filter({ hasText: `${base}/mine` });
    await item.getByText('Agency TMS').waitFor();
    await item.getByText('Enabled').waitFor();
    await item.getByRole('button', { name: 'Send test' }).click();
    const deliveries = item.getByRole('table', { name: `Deliveries to ${base}/mine` });
    await deliveries.getByRole('row').filter({ hasText: 'webhook.test' }).filter({ hasText: 'Delivered' }).filter({ hasText: 'HTTP 200' }).waitFor();
    const [sent] = received.filter((r) => r.path === '/mine');
    expect(new Webhook(secret).verify(sent!.body, sent!.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });

    await item.getByRole('button', { name: 'Disable' }).click();
    await item.getByText('Disabled by its owner').waitFor();
    expect(await item.getByRole('button', { name: 'Send test' }).count()).toBe(0);
    await item.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText(`${base}/mine will receive no more events, and its deliveries are deleted with it.`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete endpoint' }).click();
    await list.getByText('No webhook endpoints yet.').waitFor();
  });

  it('lets an administrator retry a failed delivery to a station-wide endpoint', async () => {
    answers.set('/station', 500);
    const page = await h.newPage();
    await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/admin/station');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await section.getByLabel('Endpoint URL').fill(`${base}/station`);
    await section.getByLabel('invoice.paid').check();
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    await section.getByLabel('Signing secret').waitFor();
    const item = section
      .getByRole('list', { name: 'Station webhook endpoints' })
      .getByRole('listitem')
      .filter({ hasText: `${base}/station` });
    await item.getByRole('button', { name: 'Send test' }).click();
    // The test app retries on a shortened backoff: eight attempts, then the delivery fails.
    const row = item
      .getByRole('table', { name: `Deliveries to ${base}/station` })
      .getByRole('row')
      .filter({ hasText: 'webhook.test' });
    await row.filter({ hasText: 'Failed' }).filter({ hasText: 'HTTP 500' }).waitFor();
    answers.set('/station', 204);
    await row.getByRole('button', { name: 'Retry' }).click();
    await row.filter({ hasText: 'Delivered' }).filter({ hasText: 'HTTP 204' }).waitFor();
    expect(received.filter((r) => r.path === '/station')).toHaveLength(9);

    // On a phone, deliveries open: nothing scrolls sideways, and axe-core finds nothing serious.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, { timeout: 2000 }).catch(() => undefined);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.evaluate(axe.source);
    const violations = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    });
    expect(violations).toEqual([]);
  });
});

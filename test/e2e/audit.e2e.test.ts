import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, signUpBody } from '../support/app';
import { approvedOrder } from '../support/billing-fixtures';
import { hasBrowser, openSignedIn, signIn, startBrowserHarness, type BrowserHarness } from '../support/browser';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowser) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowser)('the audit trail in the browser', () => {
  it("shows an admin who approved an order, exports it, and shows the owner the order's history", async () => {
    const { owner, order } = await approvedOrder(h, { name: 'Audited Order' });

    const page = await h.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('heading', { name: 'Audit' }).waitFor();
    await page.getByLabel('Entity').selectOption({ label: 'Order' });
    await page.getByLabel('Action').selectOption({ label: 'Status changed' });
    const approval = page.getByRole('row', { name: /Order · Status changed/ }).filter({ hasText: 'approved' });
    await approval.first().waitFor();
    await expect.poll(() => approval.first().innerText()).toContain(ADMIN.email);
    await expect.poll(() => approval.first().innerText()).toMatch(/Status:\s*ordered\s*→\s*approved/);
    // The order is named, not shown by a raw id; so are the advertiser and brand it was created for (issue 29, item 20).
    expect(await approval.first().innerText()).toContain('Audited Order');
    await page.getByLabel('Action').selectOption({ label: 'Created' });
    const created = page.getByRole('row', { name: /Order · Created/ }).filter({ hasText: 'Audited Order' });
    await expect.poll(() => created.first().innerText()).toMatch(/Owner:\s*Acme Foods/);
    expect(await created.first().innerText()).not.toMatch(/Owner:\s*[0-9a-f]{8}-/);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'id,occurred_at,actor_email,actor_role,action,entity,entity_id,order_id,before,after,request_id,api_key_id,api_key_name,api_key_prefix',
    );
    expect(csv).toContain(order.id);
    await page.getByText('Audit exported').waitFor();

    const client = await h.newPage();
    await openSignedIn(client, owner.email, signUpBody().password, `/app/estimates/${order.id}`);
    await client.getByText('History', { exact: true }).click();
    const history = client.getByRole('list', { name: 'Order history, oldest first' });
    await history.getByText('Order · Created').waitFor();
    // The advertiser sees that the station acted, not who on its staff (decision 008, issue 30 item 9).
    await expect.poll(() => history.innerText()).toMatch(/Status changed by Station staff/);
    expect(await history.innerText()).not.toContain(ADMIN.email);
    await expect.poll(() => history.innerText()).toMatch(/Status:\s*ordered\s*→\s*approved/);
  });
});

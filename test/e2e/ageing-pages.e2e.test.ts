/**
 * The Ageing screen reads pages (issue 28, decision 045): with 101 advertisers owing money it shows the
 * 100 largest balances, says how many there are, and Load more brings the last one; the totals row is
 * everyone's from the first page.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { ADMIN } from '../support/app';
import { hasBrowser, openSignedIn, startBrowserHarness, type BrowserHarness } from '../support/browser';
import { clockToday } from '../support/clock';

let h: BrowserHarness;
beforeAll(async () => {
  if (hasBrowser) h = await startBrowserHarness();
});
afterAll(async () => {
  await h?.close();
});

describe.skipIf(!hasBrowser)('receivables ageing by pages in the browser', () => {
  it('shows 100 of 101 advertisers, and Load more the smallest balance; the totals are everyone’s', async () => {
    // 101 advertisers, each with one sent invoice of $1,001 … $1,101 (as rows: the triggers keep the rollups).
    const due = addDays(clockToday(), -45);
    await h.database.db.execute(sql`
      with u as (
        insert into users (email, password_hash, company)
        select 'paged' || n || '@example.com', 'not-a-hash', 'Paged Advertiser ' || lpad(n::text, 3, '0') from generate_series(1, 101) n
        returning id, company
      ), e as (
        insert into estimates (owner_id, estimate_name, status, total_spend_cents, total_amount_cents)
        select id, 'Paged order', 'approved', 100000 + substr(company, 18)::int * 100, 100000 + substr(company, 18)::int * 100 from u
        returning id, owner_id, total_spend_cents
      )
      insert into invoices (invoice_number, estimate_id, customer_id, subtotal_cents, total_cents, status, issue_date, due_date, payment_terms)
      select 'INV-PAGED-' || row_number() over (), id, owner_id, total_spend_cents, total_spend_cents, 'sent', ${due}, ${due}, 'Net 30' from e`);

    const page = await h.newPage();
    await openSignedIn(page, ADMIN.email, ADMIN.password, '/app/admin/billing');
    await page.getByRole('tab', { name: 'Ageing' }).click();
    const table = page.getByRole('table', { name: 'Receivables ageing' });
    await table.getByRole('row', { name: /Paged Advertiser 101/ }).waitFor();
    await page.getByText('100 of 101 advertisers').waitFor();
    // Everyone's total in the footer: $1,001 + … + $1,101 = $106,151, all 31–60 days past due.
    expect(await table.locator('tfoot').innerText()).toContain('$106,151.00');
    if ((await table.getByRole('row', { name: /Paged Advertiser 001/ }).count()) !== 0) throw new Error('the smallest balance is on the first page');

    await page.getByRole('button', { name: 'Load more advertisers' }).click();
    await table.getByRole('row', { name: /Paged Advertiser 001/ }).waitFor();
    await page.getByRole('button', { name: 'Load more advertisers' }).waitFor({ state: 'detached' });
  });
});

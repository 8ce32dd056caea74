/**
 * An update's audit takes one of two ways (decision 047): a few rows through each row's JSON, many
 * rows (from `audit_bulk_rows()`, 50) through SQL written for the table. Both must record the same
 * events. Each change below is made twice from the same state, in a transaction rolled back after its
 * events are read: once the usual way (one row), once with `spotbook.audit_bulk_rows` at 1 so that the
 * same row takes the written-SQL way: for a table of every column, of watched columns, of the order's
 * own id, and without the order's column. On PGlite and on PostgreSQL.
 */
import { sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { invoicedOrder } from '../support/billing-fixtures';
import { clientWithBrand, submittedOrder } from '../support/ordering-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Recorded {
  bulk_rows: number;
  events: { action: string; entity: string; entity_id: string; order_id: string | null; before: unknown; after: unknown }[];
}

/** The events `change` records, with the written-SQL way from `bulkRows` rows (null: as configured); nothing is kept. */
const recorded = async (change: SQL, bulkRows: number | null): Promise<Recorded> => {
  let seen: Recorded | undefined;
  await t.database.db
    .transaction(async (tx) => {
      if (bulkRows !== null) await tx.execute(sql`select set_config('spotbook.audit_bulk_rows', ${String(bulkRows)}, true)`);
      const rows = async <T>(query: SQL) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
      const [{ last } = { last: null }] = await rows<{ last: string | null }>(sql`select max(id)::text as last from audit_events`);
      const [{ bulk_rows } = { bulk_rows: 0 }] = await rows<{ bulk_rows: number }>(sql`select audit_bulk_rows() as bulk_rows`);
      await tx.execute(change);
      const events = await rows<Recorded['events'][number]>(sql`
        select action, entity, entity_id, order_id, before, after from audit_events
        where id > ${last ?? '0'}::bigint order by entity, entity_id`);
      seen = { bulk_rows, events };
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return seen!;
};

/** The change recorded both ways: the same events, and at least one. */
const sameBothWays = async (change: SQL) => {
  const usual = await recorded(change, null);
  const written = await recorded(change, 1);
  expect(usual.bulk_rows).toBe(50);
  expect(written.bulk_rows).toBe(1);
  expect(usual.events.length).toBeGreaterThan(0);
  expect(written.events).toEqual(usual.events);
  return usual.events;
};

describe('an update audited either way records the same events', () => {
  it('the station renamed with a new logo: the logo by its hash, numbers and booleans, updated_at left out', async () => {
    await t.database.db.execute(sql`insert into station_profile (id) values (1) on conflict do nothing`);
    const events = await sameBothWays(sql`
      update station_profile set name = 'KXYZ', logo = 'data:image/png;base64,iVBORw0KGgo=', frame_rate = 25, drop_frame = false,
        updated_at = now() where id = 1`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'update', entity: 'station', entity_id: '1', order_id: null });
    expect(Object.keys(events[0]!.after as object).sort()).toEqual(['drop_frame', 'frame_rate', 'logo', 'name']);
    expect((events[0]!.after as { logo: string }).logo).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('an order changed in many columns of many types, recorded against itself', async () => {
    const { order } = await submittedOrder(t);
    const events = await sameBothWays(sql`
      update estimates set estimate_name = 'Changed', status = 'approved', start_date = start_date + 1,
        total_spend_cents = total_spend_cents + 1 where id = ${order.id}`);
    expect(events[0]).toMatchObject({ action: 'status_change', entity: 'order', entity_id: order.id, order_id: order.id });
  });

  it('a user: only the watched columns (role, commission), a role change named so', async () => {
    const { client } = await clientWithBrand(t);
    const events = await sameBothWays(
      sql`update users set role = 'traffic_admin', first_name = 'Not watched', agency_commission_rate = 0.15 where id = ${client.id}`,
    );
    expect(events[0]).toMatchObject({ action: 'role_change', entity: 'user', order_id: null });
    expect(Object.keys(events[0]!.after as object).sort()).toEqual(['agency_commission_rate', 'role']);
  });

  it('a spot aired: only the watched columns (status, invoice), recorded against its order', async () => {
    const { order } = await submittedOrder(t);
    await t.database.db.execute(sql`
      insert into traffic_spots (air_date, estimate_id, estimate_item_id, daypart_id, house_code, duration_seconds, break_at, scheduled_at, position)
      select current_date, i.estimate_id, i.id, i.daypart_id, 'AUDITBULK', 30, now(), now(), 1 from estimate_items i where i.estimate_id = ${order.id} limit 1`);
    const events = await sameBothWays(
      sql`update traffic_spots set status = 'aired', aired_at = now(), position = 2 where estimate_id = ${order.id} and house_code = 'AUDITBULK'`,
    );
    expect(events[0]).toMatchObject({
      action: 'status_change',
      entity: 'spot',
      order_id: order.id,
      before: { status: 'scheduled' },
      after: { status: 'aired' },
    });
  });

  it('a payment (a table without an order column): recorded against the order of its invoice', async () => {
    const { order, invoice } = await invoicedOrder(t);
    await t.database.db.execute(
      sql`insert into invoice_payments (invoice_id, amount_cents, payment_date, method) values (${invoice.id}, 1000, current_date, 'check')`,
    );
    const events = await sameBothWays(sql`update invoice_payments set amount_cents = 1500, reference = 'CHK-1' where invoice_id = ${invoice.id}`);
    expect(events[0]).toMatchObject({ action: 'update', entity: 'payment', order_id: order.id, after: { amount_cents: 1500, reference: 'CHK-1' } });
  });

  it('an update that changes no audited column records nothing either way', async () => {
    const { brand } = await clientWithBrand(t);
    expect(brand.id).toBeTruthy();
    const usual = await recorded(sql`update brands set updated_at = now() where id = ${brand.id}`, null);
    const written = await recorded(sql`update brands set updated_at = now() where id = ${brand.id}`, 1);
    expect(usual.events).toEqual([]);
    expect(written.events).toEqual([]);
  });
});

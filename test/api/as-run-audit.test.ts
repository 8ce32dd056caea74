/**
 * An as-run import's changes of spots are in the audit trail (issue 45, decision 055): the spots' audit
 * trigger skips the import's own statements, and the trail reads the import's changes list instead. For
 * an import, its re-import and a later change by a person, each change of the same spot is findable in
 * the audit API, its filters by entity, entity id and order, and its CSV export: who, when, before, after
 * and which import; and none is recorded twice.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../support/app';
import { setOrderStatus } from '../support/campaign-fixtures';
import { createDaypart, submittedOrder } from '../support/ordering-fixtures';
import { uploadAsRun } from '../support/as-run-fixtures';
import { autoOfferMakegoods } from '../support/station-settings';

const ZONE = 'America/New_York';
const DAY = '2027-06-07'; // a Monday
const NEXT = '2027-06-08';
let now = new Date('2027-05-30T14:00:00Z');
let t: TestApp;
let admin: string;
let order: { id: string };
let owner: { token: string; email: string; media: { id: string; houseNumber: string } };
let house: string;

interface Spot {
  id: string;
  local_time: string;
  status: string;
  estimate_id: string;
}
interface Event {
  id: number;
  occurred_at: string;
  actor_email: string | null;
  actor_role: string;
  action: string;
  entity: string;
  entity_id: string;
  order_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

beforeAll(async () => {
  t = await createTestApp({ stationTimeZone: ZONE, trafficHorizonDays: 5 }, { now: () => now });
  // These tests read the makegoods an as-run offers at once: the station's choice (decision 058).
  await autoOfferMakegoods(t.database.db);
  admin = await t.adminToken();
  const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: everyDay, spotFrequency: 4 });
  const booked = await submittedOrder(t, { name: 'Audited breakfast', startDate: DAY, daypartId: daypart.id, spots: 3, totalSpend: 3000 });
  order = booked.order;
  owner = booked.owner;
  house = owner.media.houseNumber;
  await setOrderStatus(t, order.id, 'active');
  now = new Date(`${DAY}T10:00:00Z`);
  await t.app.ctx.stationClock.tick();
  now = new Date(`${NEXT}T15:00:00Z`);
});
afterAll(async () => t?.close());

const upload = (name: string, content: string) => uploadAsRun(t, name, content, admin, 'text/csv', { close_day: 'true' });
const spotsOn = async (date: string) =>
  ((await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin })).json().spots as Spot[]).filter((s) => s.estimate_id === order.id);
const audit = async (query: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/audit?${query}`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().events as Event[];
};
const makegoodOf = async (spotId: string) =>
  (
    (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/makegoods`, token: owner.token })).json().makegoods as {
      id: string;
      missed_spot_id: string;
      status: string;
    }[]
  ).find((m) => m.missed_spot_id === spotId);

describe("an as-run import's changes in the audit trail", () => {
  it('finds the import, its re-import and a later change by a person, each once, with who, when, before, after and which import', async () => {
    const [aired, closed, reopened] = await spotsOn(DAY);
    const spot = closed!.id;
    const other = reopened!.id;
    const startedAt = now.getTime();

    // The import: one spot aired; the day closed, so the two others are missed.
    const first = await upload('monday.csv', `date,time,house_code,duration,status\n${DAY},${aired!.local_time},${house},30,aired\n`);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().import).toMatchObject({ aired: 1, closed_missed: 2 });
    const firstId = first.json().import.id as string;

    // The re-import (a corrected file): the first missed spot reported missed, the other found aired.
    const second = await upload(
      'monday-corrected.csv',
      `date,time,house_code,duration,status\n${DAY},${closed!.local_time},${house},30,missed\n${DAY},${reopened!.local_time},${house},30,aired\n`,
    );
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().import).toMatchObject({ aired: 1, reported_missed: 1, reopened: 1 });
    const secondId = second.json().import.id as string;

    // A later change by a person: the advertiser accepts the missed spot's makegood.
    const offer = await makegoodOf(spot);
    expect(offer).toBeDefined();
    const accepted = await t.inject({ method: 'POST', url: `/api/makegoods/${offer!.id}/accept`, token: owner.token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await spotsOn(DAY)).find((s) => s.id === spot)?.status).toBe('made_good');

    // By entity and entity id: the three changes of the spot, newest first, each once.
    const events = await audit(`entity=spot&entity_id=${spot}`);
    expect(events.map((e) => [e.action, e.before?.status, e.after?.status, e.after?.as_run_import_id ?? null, e.actor_email])).toEqual([
      ['status_change', 'missed', 'made_good', null, owner.email],
      ['update', 'missed', 'missed', secondId, ADMIN.email],
      ['status_change', 'scheduled', 'missed', firstId, ADMIN.email],
    ]);
    for (const e of events) {
      expect(e).toMatchObject({ entity: 'spot', entity_id: spot, order_id: order.id });
      expect(Date.parse(e.occurred_at)).toBeGreaterThan(0);
    }
    expect(events[2]!.after).toMatchObject({ as_run_outcome: 'closed_missed' });
    expect(events[1]!.after).toMatchObject({ as_run_outcome: 'missed', as_run_line: 2 });
    expect(events[0]!.id).toBeGreaterThan(events[1]!.id);
    expect(events[1]!.id).toBeGreaterThan(events[2]!.id);
    expect(startedAt).toBeGreaterThan(0);

    // The other spot: closed as missed, then found aired by the re-import.
    expect((await audit(`entity_id=${other}`)).map((e) => [e.action, e.before?.status, e.after?.status, e.after?.as_run_import_id])).toEqual([
      ['status_change', 'missed', 'aired', secondId],
      ['status_change', 'scheduled', 'missed', firstId],
    ]);

    // By order: the spots' events among the order's, and paged by the same keyset.
    const byOrder = await audit(`order_id=${order.id}&entity=spot`);
    expect(byOrder.filter((e) => e.entity_id === spot)).toEqual(events);
    expect(byOrder.filter((e) => e.entity_id === aired!.id).map((e) => [e.before?.status, e.after?.status, e.after?.as_run_import_id])).toEqual([
      ['scheduled', 'aired', firstId],
    ]);
    const page1 = await t.inject({ method: 'GET', url: `/api/audit?entity_id=${spot}&limit=2`, token: admin });
    const cursor = page1.json().next_cursor as number;
    expect(page1.json().events).toEqual(events.slice(0, 2));
    expect(await audit(`entity_id=${spot}&limit=2&cursor=${cursor}`)).toEqual(events.slice(2));
    // By actor: the imports are the admin's, the acceptance the owner's.
    expect((await audit(`entity_id=${spot}&actor=${encodeURIComponent(ADMIN.email)}`)).map((e) => e.id)).toEqual(events.slice(1).map((e) => e.id));

    // The export has the same rows.
    const csv = await t.inject({ method: 'GET', url: `/api/audit/export?entity=spot&entity_id=${spot}`, token: admin });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(secondId);
    expect(lines[2]).toContain(ADMIN.email);
    expect(lines[3]).toContain(firstId);
    expect(lines[1]).toContain(owner.email);

    // Nothing twice: the import's statements wrote no spot rows of their own to audit_events.
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from audit_events where entity = 'spot' and entity_id in (${spot}, ${other}, ${aired!.id})`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(1); // the acceptance
  });

  it('keeps the changes that are audit events: they cannot be updated or deleted', async () => {
    await expect(t.database.db.execute(sql`update as_run_changes set note = 'edited' where audit_id is not null`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from as_run_imports`)).rejects.toThrow();
  });

  it("records a spot update that is not the import's own, inside an import's audit source, as usual", async () => {
    const [spot] = await spotsOn('2027-06-09');
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('spotbook.audit_source', 'as-run:00000000-0000-4000-8000-000000000000', true)`);
      await tx.execute(sql`update traffic_spots set status = 'unconfirmed' where id = ${spot!.id}`);
    });
    const events = await audit(`entity_id=${spot!.id}`);
    expect(events[0]).toMatchObject({ action: 'status_change', before: { status: 'scheduled' }, after: { status: 'unconfirmed' } });
  });
});

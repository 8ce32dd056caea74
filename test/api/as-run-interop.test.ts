/**
 * As-run interop (issue 24; issue 30 items 6, 10, 11; issue 23 items 1, 5): hostile files refused
 * before any database work, future airings refused, explicit closing, later airings overriding an
 * automatic "missed", reports that add up, standard BXF AsRun and delimited text as automation
 * writes them. Every file is written here.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trafficSpots } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { uploadAsRun } from '../support/as-run-fixtures';
import { setOrderStatus } from '../support/campaign-fixtures';
import { createDaypart, submittedOrder } from '../support/ordering-fixtures';
import { autoOfferMakegoods } from '../support/station-settings';

const ZONE = 'America/New_York';
const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const day = (n: number) => `2027-06-${String(n).padStart(2, '0')}`;
let now = new Date('2027-05-30T14:00:00Z');
let t: TestApp;
let admin: string;
let order: { id: string };
let owner: { token: string; media: { id: string; houseNumber: string } };
let house: string;

interface Spot {
  id: string;
  local_time: string;
  house_code: string;
  status: string;
  estimate_id: string;
}

beforeAll(async () => {
  t = await createTestApp({ stationTimeZone: ZONE, trafficHorizonDays: 7, asRunMaxMb: 8 }, { now: () => now });
  // These tests read the makegoods an as-run offers at once: the station's choice (decision 058).
  await autoOfferMakegoods(t.database.db);
  admin = await t.adminToken();
  const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: everyDay, spotFrequency: 10 });
  const booked = await submittedOrder(t, { name: 'Interop sponsor', startDate: day(7), daypartId: daypart.id, spots: 3, totalSpend: 9000 });
  order = booked.order;
  owner = booked.owner;
  house = owner.media.houseNumber;
  await setOrderStatus(t, order.id, 'active');
  now = new Date(`${day(7)}T10:00:00Z`); // the 7th to the 13th are placed
  await t.app.ctx.stationClock.tick();
  now = new Date('2027-06-14T15:00:00Z'); // 11:00 EDT on the 14th: every placed day has aired
});
afterAll(async () => t?.close());

const upload = (name: string, content: string | Buffer, fields: Record<string, string> = {}, type = 'text/csv') =>
  uploadAsRun(t, name, content, admin, type, fields);
const spotsOn = async (date: string) =>
  ((await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin })).json().spots as Spot[]).filter((s) => s.estimate_id === order.id);
const statuses = async (date: string) => (await spotsOn(date)).map((s) => `${s.local_time} ${s.status}`);
const HEADER = 'date,time,house_code,duration,status';
const imports = async () => (await t.inject({ method: 'GET', url: '/api/traffic/as-run', token: admin })).json() as unknown[];

describe('hostile as-run files', () => {
  it('refuses deep XML quickly (linear reading, capped depth), long texts and huge CSV records, applying nothing', async () => {
    const before = await imports();
    const deep = `<BxfMessage>${'<SmpteTimeCode>'.repeat(25_000)}${'</SmpteTimeCode>'.repeat(25_000)}</BxfMessage>`;
    const started = performance.now();
    const res = await upload('deep.xml', deep, {}, 'application/xml');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Line 1: the XML nests deeper than 64 elements');

    const long = await upload('long.xml', `<BxfMessage><AsRun><HouseNumber>${'A'.repeat(20_000)}</HouseNumber></AsRun></BxfMessage>`, {}, 'application/xml');
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe("Line 1: an element's text is longer than 8192 characters");

    const huge = await upload('huge.csv', `${HEADER}\n${day(7)},06:00:00,"${'X'.repeat(300_000)}",30,aired\n`);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toBe('Line 2: a record is longer than 65536 characters');
    expect(await imports()).toEqual(before);
  });

  it('answers 413 to a file over the limit (8 MB here, ASRUN_MAX_MB)', async () => {
    const res = await upload('big.csv', Buffer.alloc(8 * 1024 * 1024 + 10, 'a'));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('The as-run file is too large (at most 8 MB)');
  });

  it('reads the file before the transaction: /api/health keeps answering on the embedded database while a large file is parsed', async () => {
    // 50,000 readable rows, then a bad one: the whole file is parsed, then refused; nothing is written.
    const rows = Array.from({ length: 50_000 }, (_, i) => `${day(7)},06:${String(i % 60).padStart(2, '0')}:00,${house},30,aired`);
    const csv = `${HEADER}\n${rows.join('\n')}\n${day(7)},soon,${house},30,aired\n`;
    let done = false;
    const started = performance.now();
    const importing = upload('slow.csv', csv).finally(() => (done = true));
    const latencies: number[] = [];
    // Give the upload a head start into its parse, then ask for health until it ends.
    await new Promise((resolve) => setTimeout(resolve, 50));
    while (!done) {
      const asked = performance.now();
      const health = await t.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      latencies.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const res = await importing;
    const took = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(`Line 50002: time "soon" is not a time (HH:MM:SS)`);
    expect(took).toBeGreaterThan(500);
    // Health answered all along: never held up for most of the import.
    expect(latencies.length).toBeGreaterThan(3);
    expect(Math.max(...latencies)).toBeLessThan(took / 2);
  }, 60_000);
});

describe('as-run rows from the future', () => {
  it('refuses a file holding an airing later than now (plus 5 minutes), naming the line, and applies none of it', async () => {
    const before = await statuses(day(7));
    const csv = [HEADER, `${day(7)},06:00:00,${house},30,aired`, `${day(14)},11:04:00,${house},30,aired`, `${day(14)},11:06:00,${house},30,aired`].join('\n');
    const res = await upload('future.csv', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'Line 4: the airing at 2027-06-14 11:06:00 is later than now (2027-06-14 11:00:00 station time): an as-run reports only what has aired',
    );
    expect(await statuses(day(7))).toEqual(before);
  });
});

describe('closing is explicit', () => {
  it('closes only the spots between the first and last airing; the report lists every change and adds up', async () => {
    const csv = [
      HEADER,
      `${day(8)},06:00:05,${house},30,aired`,
      `${day(8)},06:30:02,${house},30,aired`,
      `${day(8)},06:10:00,ZZZZ9999,30,aired`,
      `${day(8)},06:40:00,${house},30,scheduled`,
    ].join('\n');
    const res = await upload('range.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json();
    expect(report.import).toMatchObject({
      rows: 4,
      aired: 2,
      reported_missed: 0,
      unmatched: 1,
      skipped: 1,
      closed_missed: 1,
      closing: 'range',
      days: [day(8)],
    });
    expect(report.message).toBe('Imported 4 rows: 2 aired, 0 missed, 1 unmatched, 1 skipped; 1 unreported spot closed as missed');
    const { rows, aired, reported_missed, unmatched, skipped } = report.import;
    expect(aired + reported_missed + unmatched + skipped).toBe(rows);
    const spots = await spotsOn(day(8));
    expect(report.aired_spots).toEqual([
      { line: 2, spot_id: spots[0]!.id, date: day(8), time: '06:00:05', house_code: house, note: null },
      { line: 3, spot_id: spots[2]!.id, date: day(8), time: '06:30:02', house_code: house, note: null },
    ]);
    expect(report.closed_spots).toEqual([{ line: null, spot_id: spots[1]!.id, date: day(8), time: '06:15:00', house_code: house, note: null }]);
    expect(report.skipped_rows).toEqual([
      { line: 5, spot_id: null, date: day(8), time: '06:40:00', house_code: house, note: 'Status "scheduled" settles nothing' },
    ]);
    expect(report.missed_spots).toEqual([]);
    expect(await statuses(day(8))).toEqual(['06:00:00 aired', '06:15:00 missed', '06:30:00 aired']);
  });

  it('a one-row message (real-time as-run) closes nothing', async () => {
    const res = await upload('one.csv', [HEADER, `${day(9)},06:15:00,${house},30,aired`].join('\n'));
    expect(res.json().import).toMatchObject({ aired: 1, closed_missed: 0, closing: 'none' });
    expect(await statuses(day(9))).toEqual(['06:00:00 scheduled', '06:15:00 aired', '06:30:00 scheduled']);
  });

  it('a later file reporting an airing of a spot closed as missed turns it aired and withdraws its makegood offer', async () => {
    const missed = (await spotsOn(day(8)))[1]!;
    const offers = async () =>
      (
        (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/makegoods`, token: owner.token })).json().makegoods as {
          missed_spot_id: string;
          status: string;
          credit: number;
        }[]
      ).filter((m) => m.missed_spot_id === missed.id);
    expect((await offers()).map((o) => o.status)).toEqual(['offered']);
    const res = await upload('late.csv', [`${HEADER},spot_id`, `${day(8)},06:15:00,${house},30,aired,urn:uuid:${missed.id.toUpperCase()}`].join('\n'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ aired: 1, unmatched: 0, reopened: 1 });
    expect(res.json().message).toBe(
      'Imported 1 row: 1 aired, 0 missed, 0 unmatched, 0 skipped; 1 spot closed as missed earlier found aired (makegood withdrawn)',
    );
    expect(res.json().aired_spots[0].note).toBe('Was closed as missed by an earlier import: now aired, its makegood withdrawn');
    expect(await statuses(day(8))).toEqual(['06:00:00 aired', '06:15:00 aired', '06:30:00 aired']);
    expect((await offers()).map((o) => o.status)).toEqual(['withdrawn']);
    // Whichever file comes first, the day ends the same.
    const again = await upload('late-again.csv', [HEADER, `${day(8)},06:15:00,${house},30,aired`].join('\n'));
    expect(again.json().unmatched_rows[0].reason).toBe('Duplicate of a spot that already aired');
  });

  it('close_day closes the whole broadcast day, and the screen-less API refuses a bad close_day', async () => {
    const bad = await upload('bad-close.csv', [HEADER, `${day(9)},06:00:00,${house},30,aired`].join('\n'), { close_day: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('close_day must be true or false');
    const res = await upload('close.csv', [HEADER, `${day(9)},06:00:00,${house},30,aired`].join('\n'), { close_day: 'true' });
    expect(res.json().import).toMatchObject({ aired: 1, closed_missed: 1, closing: 'day' });
    expect(await statuses(day(9))).toEqual(['06:00:00 aired', '06:15:00 aired', '06:30:00 missed']);
  });
});

const bxf = (body: string, schedule = '') => `<?xml version="1.0" encoding="UTF-8"?>
<BxfMessage xmlns="http://smpte-ra.org/schemas/2021/2008/BXF" id="urn:uuid:5b0c2a4e-8f3d-4c1e-9a7b-2d6e8f0a1c3b" dateTime="2027-06-14T15:00:00Z" messageType="Information" origin="Automation" originType="Automation" userName="mcr" destination="Traffic">
  <BxfData action="add"><Schedule type="Primary" scheduleId="urn:uuid:7c1d3b5f-9a2e-4d6c-8b0a-1e3f5a7c9d2b"${schedule}>${body}</Schedule></BxfData>
</BxfMessage>`;
const detail = (status: string, start: string, duration: string, type = 'Primary') =>
  `<AsRunDetail><Status>${status}</Status><Type>${type}</Type><StartDateTime>${start}</StartDateTime><Duration>${duration}</Duration></AsRunDetail>`;
const smpte = (date: string, time: string) => `<SmpteDateTime broadcastDate="${date}" frameRate="29.97"><SmpteTimeCode>${time}</SmpteTimeCode></SmpteDateTime>`;
const smpteLength = (code: string) => `<SmpteDuration frameRate="29.97"><SmpteTimeCode>${code}</SmpteTimeCode></SmpteDuration>`;
const actualSeconds = async (id: string) =>
  (await t.database.db.select({ seconds: trafficSpots.actualDurationSeconds }).from(trafficSpots).where(eq(trafficSpots.id, id)))[0]?.seconds;

describe('standard BXF AsRun', () => {
  it('reads Basic and Complete AsRun as written: SMPTE statuses, urn:uuid and Null ids, Utc elements, actual durations; skips program, comment and live rows', async () => {
    const [first, second, third] = await spotsOn(day(10));
    const body = [
      // BasicAsRun without Content, matched by its urn:uuid event id (upper case).
      `<AsRun><BasicAsRun><AsRunEventId><EventId>urn:uuid:${first!.id.toUpperCase()}</EventId></AsRunEventId>${detail('Aired Without Discrepancy', smpte(day(10), '06:00:00;00'), smpteLength('00:00:30;00'))}</BasicAsRun></AsRun>`,
      // Inserted by the operator: a Null id and a house number (with UTC elements: 06:15 EDT is 10:15Z).
      `<AsRun><BasicAsRun><AsRunEventId><Null/></AsRunEventId><Content><ContentId><HouseNumber>${house.toLowerCase()}</HouseNumber></ContentId></Content>${detail('Inserted by Operator', '<UtcDateTime>2027-06-10T10:15:01Z</UtcDateTime>', '<UtcDuration>PT29.5S</UtcDuration>')}</BasicAsRun></AsRun>`,
      // CompleteAsRun: the scheduled event says 30 s; what aired (AsRunDetail) is 20 s, with a duration discrepancy.
      `<AsRun><CompleteAsRun><EventData eventType="Primary"><EventId><EventId>urn:uuid:${third!.id}</EventId></EventId><PrimaryEvent><NonProgramEvent><Details><SpotType>Commercial</SpotType></Details></NonProgramEvent></PrimaryEvent><StartDateTime>${smpte(day(10), '06:30:00;00')}</StartDateTime><LengthOption><Duration>${smpteLength('00:00:30;00')}</Duration></LengthOption></EventData><Content><ContentId><HouseNumber>${house}</HouseNumber></ContentId></Content>${detail('Aired with Duration Discrepancy', smpte(day(10), '06:30:04;15'), smpteLength('00:00:20;00'))}</CompleteAsRun></AsRun>`,
      // A program, a comment and a live row: skipped and reported, never fatal.
      `<AsRun><CompleteAsRun><EventData><EventId><EventId>urn:uuid:0e9a3c8b-1d2e-4f5a-8b6c-7d8e9f0a1b2c</EventId></EventId><PrimaryEvent><ProgramEvent/></PrimaryEvent><StartDateTime>${smpte(day(10), '06:00:30;00')}</StartDateTime></EventData><Content><ContentId><HouseNumber>NEWS 0610</HouseNumber></ContentId></Content>${detail('Aired Without Discrepancy', smpte(day(10), '06:00:30;00'), smpteLength('00:14:30;00'))}</CompleteAsRun></AsRun>`,
      `<AsRun><BasicAsRun><AsRunEventId><Null/></AsRunEventId>${detail('Aired Without Discrepancy', smpte(day(10), '06:14:59;00'), smpteLength('00:00:01;00'), 'Comment')}</BasicAsRun></AsRun>`,
      `<AsRun><BasicAsRun><AsRunEventId><Null/></AsRunEventId>${detail('Joined in Progress', smpte(day(10), '06:31:00;00'), smpteLength('00:10:00;00'))}</BasicAsRun></AsRun>`,
    ].join('\n');
    const res = await upload('asrun.bxf', bxf(body), {}, 'application/xml');
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json();
    expect(report.import).toMatchObject({ format: 'bxf', rows: 6, aired: 3, reported_missed: 0, unmatched: 0, skipped: 3 });
    expect(report.skipped_rows.map((r: { note: string }) => r.note)).toEqual([
      'Program row',
      'Comment row',
      'No house number or scheduled event id (a live or unscheduled row)',
    ]);
    expect(report.aired_spots.map((r: { spot_id: string; time: string; note: string | null }) => [r.spot_id, r.time, r.note])).toEqual([
      [first!.id, '06:00:00', null],
      [second!.id, '06:15:01', null],
      [third!.id, '06:30:04', 'Aired with a discrepancy'],
    ]);
    expect(await statuses(day(10))).toEqual(['06:00:00 aired', '06:15:00 aired', '06:30:00 aired']);
    const stored = await Promise.all([first!, second!, third!].map((s) => actualSeconds(s.id)));
    expect(stored).toEqual([30, 30, 20]);
  });

  it('refuses a row whose status is not an as-run status, naming it', async () => {
    const res = await upload(
      'odd.bxf',
      bxf(
        `<AsRun><BasicAsRun><AsRunEventId><Null/></AsRunEventId><Content><ContentId><HouseNumber>${house}</HouseNumber></ContentId></Content>${detail('Exploded', smpte(day(10), '06:00:00;00'), smpteLength('00:00:30;00'))}</BasicAsRun></AsRun>`,
      ),
      {},
      'application/xml',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Line 3: status "Exploded" is not an as-run status (aired, missed or a SMPTE as-run status)');
  });
});

describe('delimited text as automation writes it', () => {
  it('reads semicolons and tabs, usual headers, M/D/YYYY, frames, ISO instants with Z or an offset, MM:SS and compact lengths', async () => {
    const csv = [
      'Air Date;Air Time;ISCI;Length;Status',
      `6/11/2027;06:00:00.15;${house};0:30;Aired Without Discrepancy`,
      `6/11/2027;2027-06-11T10:15:00Z;${house};0030;aired`,
      `6/11/2027;2027-06-11T06:30:00-04:00;${house};00:00:29:29;Did not air`,
    ].join('\r\n');
    const res = await upload('itx-like.txt', csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ rows: 3, aired: 2, reported_missed: 1, unmatched: 0 });
    expect(await statuses(day(11))).toEqual(['06:00:00 aired', '06:15:00 aired', '06:30:00 missed']);

    const tabbed = ['House Number\tDate\tTime\tDuration', `${house}\t2027-06-11\t06:00:00\t30`].join('\n');
    const again = await upload('tabs.tsv', tabbed);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().unmatched_rows).toEqual([
      { line: 2, date: day(11), time: '06:00:00', house_code: house, reason: 'Duplicate of a spot that already aired' },
    ]);
  });

  it("imports Spotbook's own CSV log export back once a status is filled in", async () => {
    const exported = await t.inject({ method: 'GET', url: `/api/traffic/logs/${day(12)}/export?format=csv`, token: admin });
    expect(exported.statusCode, exported.body).toBe(200);
    const lines = exported.body.trim().split('\r\n');
    const [header, ...rows] = lines;
    const ours = rows.filter((r) => r.includes(order.id));
    const edited = [header!, ...ours.map((r, k) => r.replace(/,scheduled$/, k === 1 ? ',missed' : ',aired'))].join('\r\n');
    const res = await upload(`log-${day(12)}.csv`, edited);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ rows: 3, aired: 2, reported_missed: 1, unmatched: 0 });
    expect(await statuses(day(12))).toEqual(['06:00:00 aired', '06:15:00 missed', '06:30:00 aired']);
  });

  it('says so when nothing matched because the times look shifted (a UTC clock read as the station time)', async () => {
    const csv = [HEADER, `${day(13)},10:00:00,${house},30,aired`, `${day(13)},10:15:00,${house},30,aired`].join('\n');
    const res = await upload('utc-clock.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import.unmatched).toBe(2);
    expect(res.json().notice).toBe(
      `No row matched, but most would 4 hours earlier: are the file's times in another time zone (UTC?) than the station's (${ZONE})?`,
    );
    expect(await statuses(day(13))).toEqual(['06:00:00 scheduled', '06:15:00 scheduled', '06:30:00 scheduled']);
  });
});

describe('BXF events as automation writes them (issue 44, findings 5 and 6)', () => {
  it('refuses a file that puts several events in one AsRun, naming the line, and applies nothing', async () => {
    const before = await statuses(day(13));
    const event = (id: string, time: string) =>
      `<BasicAsRun><AsRunEventId><EventId>urn:uuid:${id}</EventId></AsRunEventId>${detail('Aired Without Discrepancy', smpte(day(13), time), smpteLength('00:00:30;00'))}</BasicAsRun>`;
    const spots = await spotsOn(day(13));
    const merged = `<AsRun>${spots.map((s) => event(s.id, `${s.local_time};00`)).join('')}</AsRun>`;
    const res = await upload('merged.bxf', bxf(merged), {}, 'application/xml');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Line 3: an AsRun holds more than one BasicAsRun; SMPTE ST 2021 allows one event per AsRun element');
    expect(await statuses(day(13))).toEqual(before);
  });

  it('reads a preempted event of length 00:00:00;00 as missed, and the rest of the file as usual', async () => {
    const [first, second, third] = await spotsOn(day(13));
    const event = (id: string, status: string, time: string, length: string) =>
      `<AsRun><BasicAsRun><AsRunEventId><EventId>urn:uuid:${id}</EventId></AsRunEventId>${detail(status, smpte(day(13), time), smpteLength(length))}</BasicAsRun></AsRun>`;
    const body = [
      event(first!.id, 'Preempted', '06:00:00;00', '00:00:00;00'),
      event(second!.id, 'Aired Without Discrepancy', '06:15:00;00', '00:00:30;00'),
      event(third!.id, 'Aired Without Discrepancy', '06:30:00;00', '00:00:30;00'),
    ].join('\n');
    const res = await upload('preempted.bxf', bxf(body), {}, 'application/xml');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ rows: 3, aired: 2, reported_missed: 1, unmatched: 0 });
    expect(await statuses(day(13))).toEqual(['06:00:00 missed', '06:15:00 aired', '06:30:00 aired']);

    const zeroAired = await upload('zero-aired.csv', [HEADER, `${day(13)},06:00:00,${house},0,aired`].join('\n'));
    expect(zeroAired.statusCode).toBe(400);
    expect(zeroAired.json().error).toBe('Line 2: the row says aired with a length of 0');
  });
});

describe("master control's station settings", () => {
  it('keeps frame rate, drop frame and date order (refusing others); as-runs read D/M/YYYY and frames at that rate; BXF writes that rate', async () => {
    const defaults = (await t.inject({ method: 'GET', url: '/api/station', token: admin })).json();
    expect(defaults).toMatchObject({ frame_rate: 29.97, drop_frame: true, date_order: 'MDY' });
    for (const [payload, error] of [
      [{ name: 'WSPT', frame_rate: 31 }, 'Frame rate must be one of 23.976, 24, 25, 29.97, 30, 50, 59.94, 60'],
      [{ name: 'WSPT', date_order: 'YMD' }, 'Date order must be MDY or DMY'],
      [{ name: 'WSPT', drop_frame: 'yes' }, 'Drop frame must be true or false'],
    ] as const) {
      const res = await t.inject({ method: 'PUT', url: '/api/station', token: admin, payload });
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toEqual({ error, field: Object.keys(payload)[1] });
    }
    const saved = await t.inject({
      method: 'PUT',
      url: '/api/station',
      token: admin,
      payload: { name: 'WSPT', frame_rate: 25, drop_frame: false, date_order: 'DMY' },
    });
    expect(saved.json()).toMatchObject({ name: 'WSPT', frame_rate: 25, drop_frame: false, date_order: 'DMY' });
    // Left out, the settings stay.
    expect((await t.inject({ method: 'PUT', url: '/api/station', token: admin, payload: { name: 'WSPT' } })).json()).toMatchObject({
      frame_rate: 25,
      date_order: 'DMY',
    });

    const csv = ['Date,Time,Cart,Length', `07/06/2027,06:00:00:24,${house},00:00:29:24`, `07/06/2027,06:30:00:00,${house},30`].join('\n');
    const res = await upload('pal.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ aired: 2, days: [day(7)] });
    expect(await statuses(day(7))).toEqual(['06:00:00 aired', '06:15:00 missed', '06:30:00 aired']);

    const bxfLog = await t.inject({ method: 'GET', url: `/api/traffic/logs/${day(7)}/export?format=bxf`, token: admin });
    expect(bxfLog.body).toContain('<SmpteDateTime broadcastDate="2027-06-07" utcStartofBroadcastDay="2027-06-07T04:00:00Z" frameRate="25">');
    expect(bxfLog.body).toContain('<SmpteTimeCode>06:00:00:00</SmpteTimeCode>');
  });
});

describe('named import profiles and end-of-day markers', () => {
  it('reads a Grass Valley iTX text as-run (tab-separated, its Start Time in UTC) with profile=itx', async () => {
    now = new Date('2027-06-18T15:00:00Z');
    const itx = [
      'Schedule Date\tStart Time\tAsset ID\tTitle\tActual Duration\tEvent Status',
      `2027-06-15\t10:00:00:00\t${house}\tSpring promo\t00:00:30:00\tAired`,
      `2027-06-15\t10:15:00:00\t${house}\tSpring promo\t00:00:30:00\tAired`,
    ].join('\r\n');
    const generic = await upload('itx-generic.txt', itx);
    expect(generic.statusCode).toBe(400);
    expect(generic.json().error).toMatch(/missing date, house_code\)$/);

    const bad = await upload('itx.txt', itx, { profile: 'harris' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('profile must be one of auto, itx, marina');

    // 10:00 and 10:15 UTC are 06:00 and 06:15 in New York (EDT).
    const res = await upload('itx.txt', itx, { profile: 'itx' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ rows: 2, aired: 2, unmatched: 0 });
    expect(await statuses(day(15))).toEqual(['06:00:00 aired', '06:15:00 aired', '06:30:00 scheduled']);
    // The profile is a query parameter too.
    const query = await t.inject({
      method: 'POST',
      url: '/api/traffic/as-run?profile=nope',
      token: admin,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(query.statusCode).toBe(400);
  });

  it('reads a Pebble Beach Marina text as-run written without a header row with profile=marina', async () => {
    const marina = [
      `2027-06-16,06:00:00:00,${house},Spring promo,00:00:30:00,Aired`,
      `2027-06-16,06:30:00:00,${house},Spring promo,00:00:30:00,Did not air`,
    ].join('\r\n');
    const generic = await upload('marina.csv', marina);
    expect(generic.statusCode).toBe(400);
    expect(generic.json().error).toMatch(/^Line 1: the header row must name the columns/);
    const res = await upload('marina.csv', marina, { profile: 'marina' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ rows: 2, aired: 1, reported_missed: 1, unmatched: 0, closed_missed: 1 });
    expect(await statuses(day(16))).toEqual(['06:00:00 aired', '06:15:00 missed', '06:30:00 missed']);
  });

  it('an end-of-day marker row closes the day it names, besides close_day', async () => {
    const csv = [HEADER, `${day(17)},06:15:00,${house},30,aired`, `${day(17)},,,,End of Day`].join('\n');
    const res = await upload('eod.csv', csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ rows: 2, aired: 1, skipped: 1, closed_missed: 2, closing: 'day' });
    expect(res.json().skipped_rows).toEqual([expect.objectContaining({ line: 3, date: day(17), note: 'End-of-day marker: the broadcast day is closed' })]);
    expect(await statuses(day(17))).toEqual(['06:00:00 missed', '06:15:00 aired', '06:30:00 missed']);
  });
});

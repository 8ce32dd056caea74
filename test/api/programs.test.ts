/**
 * Programs on the log (issue 44, decision 060): each channel's program schedule, entered or imported
 * from a CSV or a BXF schedule (files written here), and the program each spot airs in on the log and
 * the affidavit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { setOrderStatus } from '../support/campaign-fixtures';
import { uploadAsRun } from '../support/as-run-fixtures';
import { MISSING_ID, createDaypart, submittedOrder } from '../support/ordering-fixtures';
import { pdfText } from '../support/pdf-text';

const ZONE = 'America/New_York';
const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DAY = '2027-06-07'; // a Monday
let now = new Date('2027-05-30T14:00:00Z');
let t: TestApp;
let admin: string;
let channelId: string;
let other: { id: string };

interface Program {
  id: string;
  name: string;
  days: string[];
  start_time: string;
  end_time: string;
  start_date: string | null;
  end_date: string | null;
}

beforeAll(async () => {
  t = await createTestApp({ stationTimeZone: ZONE, trafficHorizonDays: 3 }, { now: () => now });
  admin = await t.adminToken();
  channelId = ((await t.inject({ method: 'GET', url: '/api/channels', token: admin })).json() as { id: string; is_default: boolean }[]).find(
    (c) => c.is_default,
  )!.id;
  const made = await t.inject({ method: 'POST', url: '/api/channels', token: admin, payload: { call_letters: 'WSPT', channel_number: '6.2', name: 'MeTV' } });
  expect(made.statusCode, made.body).toBe(201);
  other = made.json();
});
afterAll(async () => t?.close());

const programsOf = async (id: string, token = admin) => {
  const res = await t.inject({ method: 'GET', url: `/api/channels/${id}/programs`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Program[];
};
const add = (id: string, payload: object, token = admin) => t.inject({ method: 'POST', url: `/api/channels/${id}/programs`, token, payload });

const upload = (id: string, name: string, content: string | Buffer, query = '', token = admin) => {
  const boundary = '----spotbookprograms';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.inject({
    method: 'POST',
    url: `/api/channels/${id}/programs/import${query}`,
    token,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
};

describe('a channel’s programs', () => {
  it('are added, changed and removed by admins; overlaps are refused naming the other program', async () => {
    const late = await add(other.id, { name: 'The Late Show', days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'], start_time: '23:35', end_time: '00:37' });
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json()).toMatchObject({
      name: 'The Late Show',
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      start_time: '23:35',
      end_time: '00:37',
    });

    // Tuesday 00:30 is Monday's Late Show.
    const clash = await add(other.id, { name: 'Overnight', days: ['Tuesday'], start_time: '00:30', end_time: '02:00' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ error: 'This program airs at the same time as "The Late Show" on this channel', field: 'start_time' });
    expect((await add(other.id, { name: 'Overnight', days: ['Tuesday'], start_time: '00:37', end_time: '02:00' })).statusCode).toBe(201);

    const refusals: [object, object][] = [
      [
        { name: '', days: ['Mon'], start_time: '06:00', end_time: '07:00' },
        { error: 'Name is required', field: 'name' },
      ],
      [
        { name: 'x'.repeat(121), days: ['Mon'], start_time: '06:00', end_time: '07:00' },
        { error: 'Name must be at most 120 characters', field: 'name' },
      ],
      [
        { name: 'A', days: [], start_time: '06:00', end_time: '07:00' },
        { error: 'Select at least one day of the week', field: 'days' },
      ],
      [
        { name: 'A', days: ['Mon'], start_time: '25:00', end_time: '07:00' },
        { error: 'Start time must be a time such as 23:35', field: 'start_time' },
      ],
      [
        { name: 'A', days: ['Mon'], start_time: '06:00', end_time: '06:00' },
        { error: 'A program must end at another time than it starts', field: 'end_time' },
      ],
      [
        { name: 'A', days: ['Mon'], start_time: '06:00', end_time: '07:00', start_date: '2027-02-01', end_date: '2027-01-01' },
        { error: 'End date must be on or after the start date', field: 'end_date' },
      ],
      [{ name: 'A', days: ['Mon'], start_time: '06:00', end_time: '07:00', rating: 5 }, { error: expect.stringContaining('rating') as unknown as string }],
    ];
    for (const [payload, reply] of refusals) {
      const res = await add(other.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject(reply);
    }

    const id = (late.json() as Program).id;
    const moved = await t.inject({ method: 'PATCH', url: `/api/programs/${id}`, token: admin, payload: { end_time: '00:45' } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ error: 'This program airs at the same time as "Overnight" on this channel', field: 'start_time' });
    const renamed = await t.inject({ method: 'PATCH', url: `/api/programs/${id}`, token: admin, payload: { name: 'Late Show' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await programsOf(other.id)).map((p) => `${p.start_time} ${p.name}`)).toEqual(['00:37 Overnight', '23:35 Late Show']);

    // A limited admin of the default channel sees another channel's programs as a stranger would.
    const signedUp = await t.signUp();
    await t.inject({ method: 'PATCH', url: `/api/users/${signedUp.user.id}/promote`, token: admin });
    await t.inject({ method: 'PATCH', url: `/api/users/${signedUp.user.id}`, token: admin, payload: { channel_ids: [channelId] } });
    const limited = await t.login(signedUp.user.email, signedUp.password);
    expect((await t.inject({ method: 'GET', url: `/api/channels/${other.id}/programs`, token: limited })).statusCode).toBe(404);
    const theirs = await t.inject({ method: 'PATCH', url: `/api/programs/${id}`, token: limited, payload: { name: 'Mine' } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: 'Program not found' });
    expect((await t.inject({ method: 'DELETE', url: `/api/programs/${id}`, token: limited })).statusCode).toBe(404);
    expect(await programsOf(channelId, limited)).toEqual([]);
    // Clients never.
    const client = await t.signUp();
    expect((await t.inject({ method: 'GET', url: `/api/channels/${other.id}/programs`, token: client.token })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `/api/channels/${MISSING_ID}/programs`, token: admin })).statusCode).toBe(404);

    expect((await t.inject({ method: 'DELETE', url: `/api/programs/${id}`, token: admin })).statusCode).toBe(204);
    expect((await programsOf(other.id)).map((p) => p.name)).toEqual(['Overnight']);
    expect((await t.inject({ method: 'DELETE', url: `/api/programs/${id}`, token: admin })).statusCode).toBe(404);
  });

  it('are imported from a CSV, added or replacing, read whole or refused with the line', async () => {
    const csv = [
      'Name,Days,Start,End,Start date,End date',
      'Morning News,Mon-Fri,06:00,09:00,,',
      '"Cartoons, Classic",Sat;Sun,07:00,10:00,2027-01-01,2027-12-31',
      'The Late Movie,daily,23:30,01:30,,',
    ].join('\r\n');
    const dry = await upload(other.id, 'grid.csv', csv, '?mode=replace&dry_run=true');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ format: 'csv', mode: 'replace', dry_run: true, added: 3, removed: 1 });
    expect((await programsOf(other.id)).map((p) => p.name)).toEqual(['Overnight']);

    // Adding: the Late Movie runs into Tuesday's Overnight, so nothing is imported.
    const refused = await upload(other.id, 'grid.csv', csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Line 4: This program airs at the same time as "Overnight" on this channel', field: 'file' });
    expect((await programsOf(other.id)).map((p) => p.name)).toEqual(['Overnight']);

    const replaced = await upload(other.id, 'grid.csv', csv, '?mode=replace');
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json()).toMatchObject({ added: 3, removed: 1 });
    expect((await programsOf(other.id)).map((p) => [p.name, p.days.length, p.start_time, p.end_time, p.start_date])).toEqual([
      ['Morning News', 5, '06:00', '09:00', null],
      ['Cartoons, Classic', 2, '07:00', '10:00', '2027-01-01'],
      ['The Late Movie', 7, '23:30', '01:30', null],
    ]);

    const bad: [string, string][] = [
      ['name,days,start\nA,Mon,06:00\n', 'The CSV has no end column'],
      ['name,days,start,end\nA,Funday,06:00,07:00\n', 'Line 2: the days "Funday" are not days such as Mon-Fri'],
      ["name,days,start,end\nA,Mon,06:00,07:00\nB,Mon,6 o'clock,07:00\n", 'Line 3: Start time must be a time such as 23:35'],
      ['name,days,start,end\nA,Mon,06:00,07:00\nB,Mon,06:30,08:00\n', 'Line 3: This program airs at the same time as "A" on this channel'],
      ['name,days,start,end\n', 'The file holds no programs'],
    ];
    for (const [content, error] of bad) {
      const res = await upload(other.id, 'bad.csv', content, '?mode=replace');
      expect(res.statusCode, content).toBe(400);
      expect(res.json()).toEqual({ error, field: 'file' });
    }
    expect(await programsOf(other.id)).toHaveLength(3);

    const big = await upload(other.id, 'big.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'The file is larger than 5 MB' });
  });

  it('are imported from a BXF schedule: its program events as a weekly grid, breaks and spots passed over', async () => {
    // Written from SMPTE ST 2021's Schedule message: ScheduledEvent / EventData (PrimaryEvent/ProgramEvent,
    // StartDateTime/SmpteDateTime, LengthOption/Duration/SmpteDuration) / Content/Name.
    const event = (name: string, date: string, start: string, length: string, program = true) => `
      <ScheduledEvent>
        <EventData eventType="Primary">
          <EventId><EventId>urn:uuid:${crypto.randomUUID()}</EventId></EventId>
          <PrimaryEvent>${program ? '<ProgramEvent><SegmentNumber>1</SegmentNumber></ProgramEvent>' : '<NonProgramEvent><Details><SpotType>Commercial</SpotType></Details></NonProgramEvent>'}</PrimaryEvent>
          <StartDateTime><SmpteDateTime broadcastDate="${date}"><SmpteTimeCode>${start}</SmpteTimeCode></SmpteDateTime></StartDateTime>
          <LengthOption><Duration><SmpteDuration><SmpteTimeCode>${length}</SmpteTimeCode></SmpteDuration></Duration></LengthOption>
        </EventData>
        <Content><Name>${name}</Name></Content>
      </ScheduledEvent>`;
    const bxf = (events: string) => `<?xml version="1.0" encoding="UTF-8"?>
<BxfMessage xmlns="http://smpte-ra.org/schemas/2021/2008/BXF" id="urn:uuid:${crypto.randomUUID()}" messageType="Information" origin="Playout" originType="Automation" userName="mc" destination="Traffic">
  <BxfData action="add"><Schedule type="Primary" scheduleId="week-23"><Channel type="digital_television" channelNumber="6.2"/>${events}</Schedule></BxfData>
</BxfMessage>`;
    const week = [
      event('Jeopardy!', '2027-06-07', '19:00:00;00', '00:30:00;00'),
      event('Jeopardy!', '2027-06-08', '19:00:00;00', '00:30:00;00'),
      event('Spot', '2027-06-08', '19:08:00;00', '00:00:30;00', false),
      event('Late Night Movie', '2027-06-12', '23:35:00;00', '01:02:00;00'),
    ].join('');
    const res = await upload(other.id, 'week.bxf.xml', bxf(week), '?mode=replace');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ format: 'bxf', added: 2, removed: 3 });
    expect((await programsOf(other.id)).map((p) => [p.name, p.days, p.start_time, p.end_time])).toEqual([
      ['Jeopardy!', ['Monday', 'Tuesday'], '19:00', '19:30'],
      ['Late Night Movie', ['Saturday'], '23:35', '00:37'],
    ]);

    const broken = await upload(other.id, 'week.bxf.xml', bxf(event('Jeopardy!', '2027-06-07', 'seven', '00:30:00;00')), '?mode=replace');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatch(/^ScheduledEvent 1 \(line \d+\): StartDateTime has no SmpteTimeCode such as 23:35:00;00$/);
    const dtd = await upload(other.id, 'x.xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><BxfMessage/>');
    expect(dtd.statusCode).toBe(400);
    expect(dtd.json().error).toBe('The file is not a BXF schedule Spotbook can read: a DOCTYPE (DTDs and entities are refused)');
    expect(await programsOf(other.id)).toHaveLength(2);
  });
});

describe('the program each spot aired in', () => {
  it('is on the log spot and on the affidavit', async () => {
    const news = await add(channelId, { name: 'Morning News', days: EVERY_DAY, start_time: '06:00', end_time: '06:30' });
    expect(news.statusCode, news.body).toBe(201);
    const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 10 });
    const booked = await submittedOrder(t, { name: 'Morning sponsor', startDate: DAY, daypartId: daypart.id, spots: 3, totalSpend: 3000 });
    await setOrderStatus(t, booked.order.id, 'active');
    now = new Date(`${DAY}T10:00:00Z`);
    await t.app.ctx.stationClock.tick();

    const log = (await t.inject({ method: 'GET', url: `/api/traffic/logs/${DAY}`, token: admin })).json() as {
      spots: { estimate_id: string; local_time: string; program: string | null; house_code: string }[];
    };
    const spots = log.spots.filter((s) => s.estimate_id === booked.order.id);
    expect(spots.length).toBeGreaterThan(0);
    for (const s of spots) expect(s.program, s.local_time).toBe(s.local_time < '06:30' ? 'Morning News' : null);

    // It aired at 06:10 (in Morning News), whenever it was scheduled.
    now = new Date('2027-06-10T15:00:00Z');
    const first = spots[0]!;
    const asRun = await uploadAsRun(t, 'monday.csv', `date,time,house_code,duration,status\n${DAY},06:10:00,${first.house_code},30,aired\n`, admin);
    expect(asRun.statusCode, asRun.body).toBe(201);
    const csv = (await t.inject({ method: 'GET', url: `/api/estimates/${booked.order.id}/affidavit?from=${DAY}&to=${DAY}&format=csv`, token: admin })).body
      .trim()
      .split('\r\n');
    const programColumn = csv[0]!.split(',').indexOf('program');
    expect(programColumn).toBeGreaterThan(0);
    const aired = csv.slice(1).find((l) => l.split(',')[6] === 'aired');
    expect(aired?.split(',')[programColumn]).toBe('Morning News');
    const pdf = await t.inject({ method: 'GET', url: `/api/estimates/${booked.order.id}/affidavit?from=${DAY}&to=${DAY}`, token: admin });
    expect(pdfText(pdf.rawPayload)).toContain('Morning News');

    // The 4A's EI names it as the last field of each aired spot's record 51.
    const invoice = await t.inject({ method: 'POST', url: `/api/billing/from-estimate/${booked.order.id}`, token: admin, payload: {} });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const ei = await t.inject({ method: 'GET', url: `/api/billing/${invoice.json().id}/ei`, token: admin });
    expect(ei.statusCode, ei.body).toBe(200);
    const records51 = ei.body.split('\r\n').filter((l) => l.startsWith('51,'));
    expect(records51).toHaveLength(1);
    expect(records51[0]!.split(',').at(-1)).toBe('Morning News');
  });
});

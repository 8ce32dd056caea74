/**
 * An as-run is for one channel (issue 41, decision 053): the channel comes from the upload's
 * `channel_id`, a BXF Schedule's `Channel`, or a text file's channel column. A house number airing on
 * two channels settles only its own channel's spots; a file naming an unknown channel is refused whole;
 * a file of two channels settles each on its own; a limited admin sees only their channels' imports.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { uploadAsRun } from '../support/as-run-fixtures';
import { setOrderStatus } from '../support/campaign-fixtures';
import { MISSING_ID, submittedOrder } from '../support/ordering-fixtures';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DAY = '2027-03-08';
let now = new Date('2027-03-01T12:00:00Z');
let t: TestApp;
let admin: string;
let metv: { id: string };
let mainChannel: { id: string };

interface Spot {
  id: string;
  estimate_id: string;
  local_time: string;
  house_code: string;
  status: string;
}

const logOf = async (channelId: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/traffic/logs/${DAY}?channel_id=${channelId}`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { spots: Spot[] }).spots;
};
const statuses = async (channelId: string) => (await logOf(channelId)).map((s) => s.status);
const imports = async (token = admin) =>
  (await t.inject({ method: 'GET', url: '/api/traffic/as-run', token })).json() as { id: string; channel_ids: string[] }[];

const daypartOn = async (channelId: string, name: string) => {
  const res = await t.inject({
    method: 'POST',
    url: '/api/dayparts',
    token: admin,
    payload: { name, start_time: '06:00', end_time: '07:00', days_of_week: EVERY_DAY, base_cpm: 15, spot_frequency: 10, channel_id: channelId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};

/** A BXF as-run of one Schedule on a channel, its events at the spots' times. */
const bxf = (channel: string, spots: readonly Spot[]) => `<?xml version="1.0" encoding="UTF-8"?>
<BxfMessage xmlns="http://smpte-ra.org/schemas/2021/2019/BXF" id="urn:uuid:${crypto.randomUUID()}" dateTime="${DAY}T23:00:00Z" messageType="Information" origin="Automation" originType="Automation" userName="mc" destination="Traffic">
  <BxfData action="add">
    <Schedule type="Primary" scheduleId="urn:uuid:${crypto.randomUUID()}">
      <Channel type="digital_television" ${channel} />
${spots
  .map(
    (s) => `      <AsRun>
        <BasicAsRun>
          <AsRunEventId><EventId>${s.id}</EventId></AsRunEventId>
          <Content><ContentId><HouseNumber>${s.house_code}</HouseNumber></ContentId></Content>
          <AsRunDetail>
            <Status>Aired</Status>
            <StartDateTime><SmpteDateTime broadcastDate="${DAY}"><SmpteTimeCode>${s.local_time}:00</SmpteTimeCode></SmpteDateTime></StartDateTime>
            <Duration><SmpteDuration><SmpteTimeCode>00:00:30:00</SmpteTimeCode></SmpteDuration></Duration>
          </AsRunDetail>
        </BasicAsRun>
      </AsRun>`,
  )
  .join('\n')}
    </Schedule>
  </BxfData>
</BxfMessage>`;

beforeAll(async () => {
  t = await createTestApp({ trafficHorizonDays: 7 }, { now: () => now });
  admin = await t.adminToken();
  const created = await t.inject({
    method: 'POST',
    url: '/api/channels',
    token: admin,
    payload: { call_letters: 'WSPT', channel_number: '6.2', name: 'MeTV', short_name: 'METV' },
  });
  expect(created.statusCode, created.body).toBe(201);
  metv = created.json();
  const all = (await t.inject({ method: 'GET', url: '/api/channels', token: admin })).json() as { id: string; is_default: boolean }[];
  mainChannel = all.find((c) => c.is_default)!;
  for (const [channelId, name] of [
    [metv.id, 'MeTV Mornings'],
    [mainChannel.id, 'Main Mornings'],
  ] as const) {
    const daypart = await daypartOn(channelId, name);
    const { order } = await submittedOrder(t, { name: `Order on ${name}`, startDate: DAY, daypartId: daypart.id, spots: 2, channelId });
    await setOrderStatus(t, order.id, 'active');
  }
  await t.app.ctx.stationClock.tick();
  // One creative (Ad-ID) sold on both channels: every spot has the same house code.
  await t.database.db.execute(sql`update traffic_spots set house_code = 'SHARED01'`);
  now = new Date(`2027-03-09T12:00:00Z`);
});
afterAll(() => t.close());

describe('an as-run is for one channel', () => {
  it('refuses a file naming an unknown channel whole, naming it', async () => {
    const main = await logOf(mainChannel.id);
    const csv = [
      'date,time,house_code,duration,status,channel',
      `${DAY},${main[0]!.local_time},${main[0]!.house_code},30,aired,`,
      `${DAY},06:30,SHARED01,30,aired,6.9`,
    ].join('\n');
    const res = await uploadAsRun(t, 'two-channels.csv', csv, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Line 3: the file names channel "6.9", which is not a channel of this station');
    expect(await statuses(mainChannel.id)).toEqual(['scheduled', 'scheduled']);
    expect(await imports()).toEqual([]);

    const unknownField = await uploadAsRun(t, 'x.csv', csv, admin, 'text/csv', { channel_id: MISSING_ID });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toEqual({ error: 'Channel not found', field: 'channel_id' });
  });

  it("settles a BXF Schedule's channel only: the same house number on the other channel stays unsettled", async () => {
    const metvSpots = await logOf(metv.id);
    const mainSpots = await logOf(mainChannel.id);
    expect(metvSpots.map((s) => s.house_code)).toEqual(mainSpots.map((s) => s.house_code));
    // The MeTV events, but with the main channel's spot ids: an id of another channel settles nothing.
    const res = await uploadAsRun(t, 'metv.xml', bxf('channelNumber="6.2" shortName="METV"', metvSpots.slice(0, 1)), admin, 'application/xml');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ aired: 1, unmatched: 0, channel_ids: [metv.id] });
    expect(await statuses(metv.id)).toEqual(['aired', 'scheduled']);
    expect(await statuses(mainChannel.id)).toEqual(['scheduled', 'scheduled']);

    const stolen = bxf(
      'shortName="METV"',
      mainSpots.map((s, i) => ({ ...s, local_time: metvSpots[i]!.local_time, house_code: 'OTHER1' })),
    );
    const crossed = await uploadAsRun(t, 'crossed.xml', stolen, admin, 'application/xml');
    expect(crossed.statusCode, crossed.body).toBe(201);
    expect(crossed.json().import).toMatchObject({ aired: 0, unmatched: 2 });
    expect(await statuses(mainChannel.id)).toEqual(['scheduled', 'scheduled']);
  });

  it("settles each channel's rows of one file on its own, and refuses a row that contradicts the upload's channel_id", async () => {
    const mainSpots = await logOf(mainChannel.id);
    const contradicting = ['date,time,house_code,duration,status,channel', `${DAY},${mainSpots[0]!.local_time},SHARED01,30,aired,METV`].join('\n');
    const refused = await uploadAsRun(t, 'contradicting.csv', contradicting, admin, 'text/csv', { channel_id: mainChannel.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^Line 2: the row is for channel "METV", not .+ named by channel_id$/);

    // Rows with no channel are the upload's (here the default channel's); a "WSPT 6.2" row is MeTV's.
    const metvSpots = await logOf(metv.id);
    const csv = [
      'date,time,house_code,duration,status,channel',
      ...mainSpots.map((s) => `${DAY},${s.local_time},${s.house_code},30,aired,`),
      `${DAY},${metvSpots[1]!.local_time},SHARED01,30,missed,WSPT 6.2`,
    ].join('\n');
    const res = await uploadAsRun(t, 'both.csv', csv, admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().import).toMatchObject({ rows: 3, aired: 2, reported_missed: 1, unmatched: 0 });
    expect([...res.json().import.channel_ids].sort()).toEqual([metv.id, mainChannel.id].sort());
    expect(await statuses(mainChannel.id)).toEqual(['aired', 'aired']);
    expect(await statuses(metv.id)).toEqual(['aired', 'missed']);
  });

  it("shows a limited admin only their channels' imports", async () => {
    const signedUp = await t.signUp();
    expect((await t.inject({ method: 'PATCH', url: `/api/users/${signedUp.user.id}/promote`, token: admin })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PATCH', url: `/api/users/${signedUp.user.id}`, token: admin, payload: { channel_ids: [metv.id] } })).statusCode).toBe(
      200,
    );
    const token = await t.login(signedUp.user.email, signedUp.password);
    const everything = await imports();
    const theirs = await imports(token);
    expect(theirs.map((i) => i.channel_ids)).toEqual([[metv.id], [metv.id]]);
    const other = everything.find((i) => i.channel_ids.includes(mainChannel.id))!;
    expect((await t.inject({ method: 'GET', url: `/api/traffic/as-run/${other.id}`, token })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/traffic/as-run/${theirs[0]!.id}`, token })).statusCode).toBe(200);

    const elsewhere = await uploadAsRun(t, 'main.csv', `date,time,house_code,duration,status\n${DAY},06:10,SHARED01,30,aired`, token, 'text/csv', {
      channel_id: mainChannel.id,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ error: 'Channel not found', field: 'channel_id' });
  });
});

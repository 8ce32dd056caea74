/**
 * Channels (issue 41, decision 053): the station that existed is the first channel and the default one;
 * admins add and change channels; a daypart belongs to one channel's rate card and an order to one channel,
 * and the calls that name no channel act on the default one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { MISSING_ID, addItem, clientWithBrand, createOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ stationTimeZone: 'America/Chicago' });
  admin = await t.adminToken();
});
afterAll(() => t.close());

interface Channel {
  id: string;
  call_letters: string | null;
  channel_number: string;
  name: string;
  time_zone: string;
  own_time_zone: boolean;
  short_name: string | null;
  active: boolean;
  is_default: boolean;
}

const channels = async (token = admin) => {
  const res = await t.inject({ method: 'GET', url: '/api/channels', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Channel[];
};
const addChannel = (payload: Record<string, unknown>, token = admin) => t.inject({ method: 'POST', url: '/api/channels', token, payload });
const patchChannel = (id: string, payload: Record<string, unknown>, token = admin) => t.inject({ method: 'PATCH', url: `/api/channels/${id}`, token, payload });
const daypart = (payload: Record<string, unknown>) =>
  t.inject({
    method: 'POST',
    url: '/api/dayparts',
    token: admin,
    payload: { start_time: '06:00', end_time: '09:00', days_of_week: ['Monday', 'Tuesday'], base_cpm: 20, ...payload },
  });

describe('channels', () => {
  it('the station that existed is the first channel, the default, in the station time zone', async () => {
    const client = await clientWithBrand(t);
    const [first, ...others] = await channels(client.token);
    expect(others).toEqual([]);
    expect(first).toMatchObject({ channel_number: '1.1', is_default: true, active: true, time_zone: 'America/Chicago', own_time_zone: false });
  });

  it('admins add a channel; bad input is refused with its field and changes nothing', async () => {
    const client = await clientWithBrand(t);
    const good = { call_letters: 'wspt', channel_number: '6.2', name: 'MeTV', market: 'Springfield', time_zone: 'America/Denver', short_name: 'WSPT-DT2' };
    expect((await addChannel(good, client.token)).statusCode).toBe(403);
    expect((await addChannel(good, '')).statusCode).toBe(401);
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ ...good, call_letters: 'W1' }, 'Call letters must be 3 or 4 letters, optionally with a suffix such as -TV', 'call_letters'],
      [{ ...good, channel_number: 'six' }, 'Channel number must be a major number with an optional minor, such as 6.1', 'channel_number'],
      [{ ...good, time_zone: 'Mars/Olympus' }, 'Time zone must be an IANA time zone such as America/New_York', 'time_zone'],
      [{ ...good, name: ' ' }, 'Name is required', 'name'],
      [{ ...good, short_name: 'x'.repeat(33) }, 'Short name must be at most 32 characters', 'short_name'],
    ];
    for (const [payload, error, field] of refusals) {
      const res = await addChannel(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error, field });
    }
    expect((await addChannel({ ...good, owner: 'me' })).statusCode).toBe(400);
    expect(await channels()).toHaveLength(1);

    const created = await addChannel(good);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      call_letters: 'WSPT',
      channel_number: '6.2',
      name: 'MeTV',
      market: 'Springfield',
      time_zone: 'America/Denver',
      own_time_zone: true,
      short_name: 'WSPT-DT2',
      active: true,
      is_default: false,
    });
    const again = await addChannel({ ...good, short_name: null });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'A channel with these call letters and channel number already exists' });
    const sameShortName = await addChannel({ ...good, channel_number: '6.3', short_name: 'wspt-dt2' });
    expect(sameShortName.json()).toEqual({ error: 'A channel with this short name already exists' });
    expect(await channels()).toHaveLength(2);
  });

  it('the default moves to another active channel; the default cannot be deactivated', async () => {
    const [first] = await channels();
    const other = (await addChannel({ call_letters: 'KSPT', channel_number: '4.1', name: 'KSPT' })).json() as Channel;
    const off = await patchChannel(first!.id, { active: false });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toEqual({ error: 'The default channel cannot be deactivated: make another channel the default first', field: 'active' });
    expect((await patchChannel(first!.id, { is_default: false })).statusCode).toBe(400);
    expect((await patchChannel(MISSING_ID, { name: 'Nobody' })).statusCode).toBe(404);

    const moved = await patchChannel(other.id, { is_default: true, market: 'Shelbyville' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ is_default: true, market: 'Shelbyville' });
    const listed = await channels();
    expect(listed[0]!.id).toBe(other.id);
    expect(listed.filter((c) => c.is_default)).toHaveLength(1);
    // Back as it was, and the other one may now be switched off.
    expect((await patchChannel(first!.id, { is_default: true })).statusCode).toBe(200);
    const deactivated = await patchChannel(other.id, { active: false });
    expect(deactivated.json()).toMatchObject({ active: false, is_default: false });
  });
});

describe('rate cards and orders per channel', () => {
  it("a daypart belongs to one channel; the list without a channel is the default channel's", async () => {
    const metv = (await channels()).find((c) => c.name === 'MeTV')!;
    const own = await daypart({ name: 'Morning Classics', channel_id: metv.id });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().channel_id).toBe(metv.id);
    // The same name on another channel is another daypart.
    const main = await daypart({ name: 'Morning Classics' });
    expect(main.statusCode, main.body).toBe(201);
    const [first] = await channels();
    expect(main.json().channel_id).toBe(first!.id);
    expect((await daypart({ name: 'Morning Classics', channel_id: metv.id })).statusCode).toBe(409);

    const listOf = async (query: string) => (await t.inject({ method: 'GET', url: `/api/dayparts${query}`, token: admin })).json() as { id: string }[];
    expect((await listOf('')).map((d) => d.id)).toContain(main.json().id);
    expect((await listOf('')).map((d) => d.id)).not.toContain(own.json().id);
    expect((await listOf(`?channel_id=${metv.id}`)).map((d) => d.id)).toEqual([own.json().id]);
    const unknown = await t.inject({ method: 'GET', url: `/api/dayparts?channel_id=${MISSING_ID}`, token: admin });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'Channel not found', field: 'channel_id' });
  });

  it("an order is for one channel and takes only that channel's dayparts; without one it is the default channel's", async () => {
    const [first] = await channels();
    const metv = (await channels()).find((c) => c.name === 'MeTV')!;
    const inactive = (await channels()).find((c) => !c.active)!;
    const client = await clientWithBrand(t);
    const metvDaypart = (await daypart({ name: 'MeTV Nights', channel_id: metv.id })).json();
    const mainDaypart = (await daypart({ name: 'Main Nights' })).json();

    const plain = await createOrder(t, client.token, { estimate_name: 'No channel named', brand_id: client.brand.id });
    expect(plain.channel_id).toBe(first!.id);
    const refused = await t.inject({ method: 'POST', url: `/api/estimate-items/${plain.id}`, token: client.token, payload: { daypart_id: metvDaypart.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: "This daypart belongs to another channel than the order's", field: 'daypart_id' });
    await addItem(t, client.token, plain.id, { daypart_id: mainDaypart.id });

    const onMetv = await createOrder(t, client.token, { estimate_name: 'On MeTV', brand_id: client.brand.id, channel_id: metv.id });
    expect(onMetv.channel_id).toBe(metv.id);
    await addItem(t, client.token, onMetv.id, { daypart_id: metvDaypart.id });
    const bulk = await t.inject({
      method: 'POST',
      url: `/api/estimate-items/${onMetv.id}/bulk`,
      token: client.token,
      payload: { selectedDayparts: [{ daypart_id: metvDaypart.id }, { daypart_id: mainDaypart.id }] },
    });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json()).toEqual({ error: "This daypart belongs to another channel than the order's", field: 'selectedDayparts[1].daypart_id' });

    for (const [channelId, error] of [
      [MISSING_ID, 'Channel not found'],
      [inactive.id, 'This channel is not active'],
    ] as const) {
      const res = await t.inject({ method: 'POST', url: '/api/estimates', token: client.token, payload: { estimate_name: 'Nowhere', channel_id: channelId } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error, field: 'channel_id' });
    }

    const list = async (query: string) =>
      ((await t.inject({ method: 'GET', url: `/api/estimates${query}`, token: client.token })).json() as { id: string }[]).map((o) => o.id);
    expect(await list(`?channel_id=${metv.id}`)).toEqual([onMetv.id]);
    expect(await list('')).toEqual(expect.arrayContaining([onMetv.id, plain.id]));
  });
});

describe('admins limited to channels', () => {
  it('see and act on only their channels’ orders; only an admin of every channel limits admins or changes channels', async () => {
    const metv = (await channels()).find((c) => c.name === 'MeTV')!;
    const client = await clientWithBrand(t);
    const onMetv = await createOrder(t, client.token, { estimate_name: 'Limited sees this', brand_id: client.brand.id, channel_id: metv.id });
    const onMain = await createOrder(t, client.token, { estimate_name: 'Limited never sees this', brand_id: client.brand.id });

    const signedUp = await t.signUp();
    expect((await t.inject({ method: 'PATCH', url: `/api/users/${signedUp.user.id}/promote`, token: admin })).statusCode).toBe(200);
    const limit = (userId: string, channelIds: unknown, token = admin) =>
      t.inject({ method: 'PATCH', url: `/api/users/${userId}`, token, payload: { channel_ids: channelIds } });

    const refusals: [string, unknown, number, object][] = [
      [client.id, [metv.id], 400, { error: 'Only a traffic admin can be limited to channels', field: 'channel_ids' }],
      [signedUp.user.id, [MISSING_ID], 400, { error: 'Channel not found', field: 'channel_ids[0]' }],
      [signedUp.user.id, ['nope'], 400, { error: 'Channel not found', field: 'channel_ids[0]' }],
      [signedUp.user.id, 'all', 400, { error: 'channel_ids must be a list of channel ids', field: 'channel_ids' }],
      [MISSING_ID, [], 404, { error: 'User not found' }],
    ];
    for (const [userId, ids, status, reply] of refusals) {
      const res = await limit(userId, ids);
      expect(res.statusCode, JSON.stringify(ids)).toBe(status);
      expect(res.json()).toEqual(reply);
    }
    const limited = await limit(signedUp.user.id, [metv.id]);
    expect(limited.statusCode, limited.body).toBe(200);
    expect(limited.json()).toEqual({ message: 'Channels updated', channel_ids: [metv.id] });
    const token = await t.login(signedUp.user.email, signedUp.password);

    const ids = ((await t.inject({ method: 'GET', url: '/api/estimates?limit=100', token })).json() as { id: string }[]).map((o) => o.id);
    expect(ids).toContain(onMetv.id);
    expect(ids).not.toContain(onMain.id);
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${onMetv.id}`, token })).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', `/api/estimates/${onMain.id}`],
      ['PUT', `/api/estimates/${onMain.id}`],
      ['GET', `/api/estimate-items/${onMain.id}`],
    ] as const) {
      const res = await t.inject({ method, url, token, ...(method === 'PUT' && { payload: { notes: 'mine now' } }) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${onMain.id}`, token: admin })).json().notes).toBeNull();

    expect((await addChannel({ call_letters: 'WXYZ', channel_number: '9.1', name: 'Nine' }, token)).json()).toEqual({
      error: 'Only an admin of every channel can add or change channels',
    });
    expect((await patchChannel(metv.id, { name: 'Mine' }, token)).statusCode).toBe(403);
    const widen = await limit(signedUp.user.id, [], token);
    expect(widen.statusCode).toBe(403);
    expect(widen.json()).toEqual({ error: 'Only an admin of every channel can limit admins to channels' });

    // Empty again: every channel.
    expect((await limit(signedUp.user.id, [])).statusCode).toBe(200);
    const again = await t.login(signedUp.user.email, signedUp.password);
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${onMain.id}`, token: again })).statusCode).toBe(200);
  });
});

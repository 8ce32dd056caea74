/**
 * A schedule line may target a program (issue 44, decision 060): one of the order's channel that airs
 * within the line's daypart on the line's days; the Proposal XML carries it as DayTime/ProgramName both ways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekdayOf } from '../../src/domain/dates';
import { createTestApp, type TestApp } from '../support/app';
import { MISSING_ID, clientWithBrand, createOrder, dateIn, daypartByName } from '../support/ordering-fixtures';
import { importProposalFile, proposalXml } from '../support/proposal-fixtures';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
let t: TestApp;
let admin: string;
let earlyMorning: { id: string };
const programs: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  earlyMorning = await daypartByName(t.database.db, 'Early Morning');
  const channels = (await t.inject({ method: 'GET', url: '/api/channels', token: admin })).json() as { id: string; is_default: boolean }[];
  const main = channels.find((c) => c.is_default)!.id;
  expect((await t.inject({ method: 'PATCH', url: `/api/channels/${main}`, token: admin, payload: { call_letters: 'KPGM' } })).statusCode).toBe(200);
  const other = (
    await t.inject({ method: 'POST', url: '/api/channels', token: admin, payload: { call_letters: 'KOTH', channel_number: '9.1', name: 'Other' } })
  ).json();
  const add = async (channelId: string, payload: object) => {
    const res = await t.inject({ method: 'POST', url: `/api/channels/${channelId}/programs`, token: admin, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  programs.goodMorning = await add(main, { name: 'Good Morning', days: EVERY_DAY.slice(0, 5), start_time: '06:00', end_time: '08:00' });
  programs.lateShow = await add(main, { name: 'Late Show', days: EVERY_DAY.slice(0, 5), start_time: '23:35', end_time: '00:37' });
  programs.elsewhere = await add(other.id, { name: 'Good Morning', days: EVERY_DAY, start_time: '06:00', end_time: '08:00' });
});
afterAll(() => t.close());

const start = () => dateIn(14);
const line = (extra: Record<string, unknown> = {}) => ({
  name: 'Morning news',
  daypart_id: earlyMorning.id,
  days: ['Monday', 'Wednesday'],
  start_time: '06:00',
  end_time: '08:00',
  spot_length: 30,
  rate: 125,
  spots_per_week: [2, 2, 2],
  ...extra,
});
const put = (token: string, id: string, lines: unknown[]) =>
  t.inject({
    method: 'PUT',
    url: `/api/estimates/${id}/schedule`,
    token,
    payload: { week_start_day: weekdayOf(start()), start_date: start(), end_date: dateIn(34), lines },
  });

describe('a schedule line targeting a program', () => {
  it('names a program of the order’s channel airing within its daypart, and the Proposal export carries it', async () => {
    const c = await clientWithBrand(t);
    const order = await createOrder(t, c.token, { estimate_name: 'Agency buy', brand_id: c.brand.id, start_date: dateIn(8), total_spend: 100 });
    const refusals: [string, string][] = [
      [MISSING_ID, 'Program not found'],
      [programs.elsewhere!, "This program belongs to another channel than the order's"],
      [programs.lateShow!, "This program does not air within the line's daypart on the line's days"],
    ];
    for (const [id, error] of refusals) {
      const res = await put(c.token, order.id, [line({ program_id: id })]);
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toEqual({ error, field: 'lines[0].program_id' });
    }
    const saved = await put(c.token, order.id, [line({ program_id: programs.goodMorning }), line({ name: 'Open', program_id: null })]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().schedule.lines.map((l: { program_id: string | null; program_name: string | null }) => [l.program_id, l.program_name])).toEqual([
      [programs.goodMorning, 'Good Morning'],
      [null, null],
    ]);
    const xml = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/proposal.xml`, token: c.token });
    expect(xml.statusCode).toBe(200);
    expect(xml.body.match(/<ProgramName>[^<]*<\/ProgramName>/g)).toEqual(['<ProgramName>Good Morning</ProgramName>']);
  });

  it('is mapped on a Proposal import from the line’s ProgramName, when a program of the channel has that name and fits', async () => {
    const c = await clientWithBrand(t);
    const flight = { start: '2031-03-03', end: '2031-03-16' };
    const res = await importProposalFile(
      t,
      proposalXml({
        ...flight,
        outlets: [{ id: 'O1', callLetters: 'KPGM' }],
        lists: [
          {
            outlets: ['O1'],
            lines: [
              {
                name: 'News',
                program: ' good  morning ',
                days: ['Monday'],
                start: '06:00',
                end: '07:00',
                periods: [{ start: flight.start, end: flight.end, rate: '100.00', spots: 2 }],
              },
              {
                name: 'Other news',
                program: 'No Such Show',
                days: ['Monday'],
                start: '06:00',
                end: '07:00',
                periods: [{ start: flight.start, end: flight.end, rate: '90.00', spots: 1 }],
              },
            ],
          },
        ],
      }),
      c.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const lines = res.json().orders[0].schedule.lines as { name: string; program_name: string | null }[];
    expect(lines.map((l) => [l.name, l.program_name])).toEqual([
      ['News', 'Good Morning'],
      ['Other news', null],
    ]);
  });
});

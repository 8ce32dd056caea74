/**
 * A ratings book read from a Proposal's DemoValues (issue 43, decision 057): POST /api/books takes an AAAA
 * Proposal XML; each line's Rating and Impression DemoValues become its daypart's figures, each demo's
 * universe impressions × 100 ÷ rating. A bad file is refused naming the problem, and nothing is kept.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookUniverses } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { bookFields, uploadBook } from '../support/audience-fixtures';
import { createDaypart, putOrder, readyOrder } from '../support/ordering-fixtures';
import { proposalXml, type LineSpec } from '../support/proposal-fixtures';

let t: TestApp;
let admin: string;
let primeId: string;

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const category = (id: string, type: string, group: string, from: number | null, to: number | null) =>
  `<DemoCategory DemoId="${id}"><tvb-tp:DemoType>${type}</tvb-tp:DemoType><tvb-tp:Group>${group}</tvb-tp:Group>${from === null ? '' : `<tvb-tp:AgeFrom>${from}</tvb-tp:AgeFrom>`}${to === null ? '' : `<tvb-tp:AgeTo>${to}</tvb-tp:AgeTo>`}</DemoCategory>`;
const CATEGORIES = [
  category('D1', 'Rating', 'Adults', 25, 54),
  category('D2', 'Impression', 'Adults', 25, 54),
  category('D3', 'Rating', 'Homes', null, null),
  category('D4', 'Impression', 'Homes', null, null),
].join('');
const lineOf = (name: string, start: string, end: string, values: Record<string, string>, days = WEEKDAYS): LineSpec => ({
  name,
  days,
  start,
  end,
  periods: [{ start: '2027-01-04', end: '2027-01-10', rate: '100.00', spots: 5, values }],
});
const proposal = (lines: LineSpec[], categories = CATEGORIES) =>
  proposalXml({ start: '2027-01-04', end: '2027-01-10', outlets: [{ id: 'O1', callLetters: 'WBOK' }], lists: [{ outlets: ['O1'], lines, categories }] });
const MORNING = lineOf('Book Morning', '06:00', '09:00', { D1: '2.5', D2: '25', D3: '4', D4: '60' });
// "EM" names no daypart of the channel: the one holding weekdays 20:00–22:00 is Book Prime.
const EVENING = lineOf('EM', '20:00', '22:00', { D1: '5', D2: '50', D3: '8', D4: '120' });
const send = (xml: string, name: string) => uploadBook(t, xml, bookFields(name), admin, { name: 'proposal.xml', type: 'application/xml' });
const books = async () => (await t.inject({ method: 'GET', url: '/api/books', token: admin })).json() as { name: string; rows: number; demos: string[] }[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  await createDaypart(t.database.db, { name: 'Book Morning', startTime: '06:00', endTime: '09:00' });
  primeId = (await createDaypart(t.database.db, { name: 'Book Prime', startTime: '20:00', endTime: '23:00', baseCpmCents: 3000 })).id;
});
afterAll(() => t?.close());

describe('a book from a Proposal’s DemoValues', () => {
  it('refuses a file it cannot read as a book, naming the problem, and keeps nothing', async () => {
    const refusals: [string, string][] = [
      ['<foo/>', 'The file is not a Proposal XML Spotbook can read: the root is not AAAA-Message in http://www.AAAA.org/schemas/spotTVCableProposal'],
      [
        proposal([lineOf('Overnight', '25:00', '26:00', { D1: '1', D2: '10' })]),
        'Line "Overnight": this channel has no daypart named "Overnight" nor one holding its days and times',
      ],
      [
        proposal(
          [MORNING],
          [category('D1', 'Rating', 'Adults', 25, 54), category('D3', 'Rating', 'Homes', null, null), category('D4', 'Impression', 'Homes', null, null)].join(
            '',
          ),
        ),
        'Line "Book Morning": a DemoValue names demoRef "D2", which no DemoCategory of its AvailList defines',
      ],
      [
        proposal([lineOf('Book Morning', '06:00', '09:00', { D1: '2.5', D3: '4', D4: '60' })]),
        'Line "Book Morning": A25-54 needs both a Rating and an Impression DemoValue (a book\'s universe is impressions × 100 ÷ rating)',
      ],
      [proposal([lineOf('Book Morning', '06:00', '09:00', { D1: '120', D2: '25' })]), 'Line "Book Morning": the A25-54 rating 120 is above 100'],
      [
        proposal([lineOf('Book Morning', '06:00', '09:00', { D1: 'high', D2: '25' })]),
        'Line "Book Morning": the A25-54 value "high" is not a number of at least 0',
      ],
      [
        proposal([MORNING, lineOf('Morning News', '07:00', '08:00', { D1: '3', D2: '30', D3: '4', D4: '60' })]),
        'Line "Morning News": Book Morning A25-54 already has other figures from line "Book Morning"; a book holds one figure per daypart and demo',
      ],
      [proposal([lineOf('Book Morning', '06:00', '09:00', {})]), 'The proposal has no DemoValues to read a book from'],
    ];
    for (const [xml, error] of refusals) {
      const res = await send(xml, 'Bad');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error, field: 'file' });
    }
    expect(await books()).toEqual([]);
  });

  it('reads each line’s ratings and impressions into its daypart, and the universes from them', async () => {
    const res = await send(proposal([MORNING, EVENING]), 'Jan27 from proposal');
    expect(res.statusCode, res.body).toBe(201);
    // Two dayparts × two demos. A25-54: 50 × 100 ÷ 5 = 1,000 (thousands); HH: 120 × 100 ÷ 8 = 1,500.
    expect(res.json()).toMatchObject({ name: 'Jan27 from proposal', is_current: true, demos: ['A25-54', 'HH'], rows: 4 });
    const universes = await t.database.db.select().from(bookUniverses).where(eq(bookUniverses.bookId, res.json().id));
    expect(universes.map((u) => [u.demo, u.universe]).sort()).toEqual([
      ['A25-54', 1000],
      ['HH', 1500],
    ]);

    // An order in Book Prime reads the book: 5.0 and 50 (000) a spot on A25-54, 8.0 on HH.
    const { order, owner } = await readyOrder(t, { daypartId: primeId, spots: 1 });
    expect((await putOrder(t, owner.token, order.id, { target_demo: 'A25-54' })).statusCode).toBe(200);
    const audience = (demo: string) => t.inject({ method: 'GET', url: `/api/estimates/${order.id}/audience?demo=${demo}`, token: owner.token });
    expect((await audience('A25-54')).json().lines[0]).toMatchObject({ rating: 5, impressions_per_spot: 50 });
    expect((await audience('HH')).json().lines[0]).toMatchObject({ rating: 8, impressions_per_spot: 120 });
  });
});

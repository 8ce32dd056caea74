/**
 * An order's schedule written as an AAAA/TVB Spot TV Proposal (0.3.0.5A; issue 42, decision 056), as
 * the element object fast-xml-parser's XMLBuilder writes (attributes `@_`). Elements are in the
 * schema's order; each week with spots is one `DetailedPeriod` (the week cut to the flight), hiatus
 * weeks are left out; times are the broadcast-day clock; money has two decimals. Reading the file back
 * (proposal-read) gives the same schedule.
 */
import { addDays } from './dates';
import { categoryOfDemo, parseDemo } from './demos';
import { PROPOSAL_NAMESPACE } from './proposal-read';
import { ALL_DAYS } from './rate-card';
import type { Schedule } from './schedule-schemas';

const TVB = 'http://www.AAAA.org/schemas/TVBGeneralTypes';
const SPOT_TV = 'http://www.AAAA.org/schemas/spotTV';

const money = (dollars: number) => dollars.toFixed(2);
const length = (seconds: number) => `00:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

export interface ProposalHeader {
  uniqueIdentifier: string;
  version: number;
  action: 'New' | 'Revised';
  name: string;
  seller: string;
  advertiser: string;
  callLetters: string;
  sendDateTime: string;
}

/**
 * The station's audience on the order's target demo (issue 43, decision 057): each line's rating and
 * impressions (thousands) a spot on the book, stated as the line's DemoValues where the buyer stated none
 * for that demo, and the order's figures in a comment naming the book.
 */
export interface ProposalAudience {
  demo: string;
  /** e.g. "A25-54 on book Nov26 (as booked): 20.0 GRPs, 200.0 (000) impressions, CPP $10.25, CPM $1.02". */
  summary: string;
  lines: ReadonlyMap<string, { rating: number | null; impressions: number | null }>;
}

const IMPRESSIONS_ID = 'I1';

const categoryOf = (demo: string, id: string, type: 'Rating' | 'Impression') => {
  const category = categoryOfDemo(parseDemo(demo)!);
  return { '@_DemoId': id, 'tvb:DemoType': type, 'tvb:Group': category.group, 'tvb:AgeFrom': category.ageFrom, 'tvb:AgeTo': category.ageTo };
};

export const proposalDocument = (h: ProposalHeader, s: Schedule, audience?: ProposalAudience) => {
  const demos = audience && !s.demos.includes(audience.demo) ? [...s.demos, audience.demo] : s.demos;
  const demoIds = demos.map((demo, i) => ({ demo, id: `D${i + 1}` }));
  const idOf = new Map(demoIds.map((d) => [d.demo, d.id]));
  /** A line's DemoValues: the buyer's, then the book's rating (where the buyer stated none) and impressions on the target demo. */
  const valuesOf = (line: Schedule['lines'][number]) => {
    const values: [string, number][] = Object.entries(line.demo_values)
      .filter(([demo]) => idOf.has(demo))
      .map(([demo, value]) => [idOf.get(demo)!, value]);
    const book = audience?.lines.get(line.id);
    if (audience && book) {
      if (book.rating !== null && line.demo_values[audience.demo] === undefined) values.push([idOf.get(audience.demo)!, book.rating]);
      if (book.impressions !== null) values.push([IMPRESSIONS_ID, book.impressions]);
    }
    return values;
  };
  return {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'AAAA-Message': {
      '@_xmlns': PROPOSAL_NAMESPACE,
      // The prefixes public Proposal writers use: tvb the spotTV schema, tvb-tp the TVBGeneralTypes one.
      '@_xmlns:tvb': SPOT_TV,
      '@_xmlns:tvb-tp': TVB,
      'AAAA-Values': {
        SchemaName: 'SpotTVCableProposal',
        SchemaVersion: '0.3.0.5A',
        Media: 'SpotTV',
        BusinessObject: 'Proposal',
        Action: h.action,
        UniqueMessageID: `${h.uniqueIdentifier}-${h.version}`,
      },
      Proposal: {
        '@_uniqueIdentifier': h.uniqueIdentifier,
        '@_version': h.version,
        // Two letters (Mo, Tu, … Su), as the schema-validated writers of public code send it.
        '@_weekStartDay': s.week_start_day.slice(0, 2),
        '@_startDate': s.start_date,
        '@_endDate': s.end_date,
        '@_sendDateTime': h.sendDateTime,
        Seller: { '@_companyName': h.seller },
        Advertiser: { '@_name': h.advertiser },
        Name: h.name,
        Outlets: { TelevisionStation: { '@_callLetters': h.callLetters, '@_parentPlus': 'N', '@_outletId': 'O1' } },
        AvailList: {
          '@_identifier': 'L1',
          '@_startDate': s.start_date,
          '@_endDate': s.end_date,
          '@_isPackage': 'N',
          Name: h.name,
          OutletReferences: { OutletReference: { '@_outletForListId': 'OL1', '@_outletFromProposalRef': 'O1' } },
          ...(demoIds.length > 0 && {
            DemoCategories: {
              DemoCategory: [
                ...demoIds.map(({ demo, id }) => categoryOf(demo, id, 'Rating')),
                ...(audience ? [categoryOf(audience.demo, IMPRESSIONS_ID, 'Impression')] : []),
              ],
            },
          }),
          ...(audience && { '#comment': ` Station audience ${audience.summary} ` }),
          AvailLineWithDetailedPeriods: s.lines.map((line) => ({
            OutletReference: { '@_outletFromListRef': 'OL1' },
            DayTimes: {
              DayTime: {
                StartTime: line.start_time,
                EndTime: line.end_time,
                Days: Object.fromEntries(ALL_DAYS.map((d) => [`tvb-tp:${d}`, line.days.includes(d) ? 'Y' : 'N'])),
                ...(line.program_name && { ProgramName: line.program_name }),
              },
            },
            DaypartName: line.daypart_name ?? line.name,
            AvailName: line.name,
            SpotLength: length(line.spot_length),
            Periods: {
              DetailedPeriod: s.weeks.flatMap((week, i) => {
                const spots = line.spots_per_week[i] ?? 0;
                if (spots === 0) return [];
                const start = week.start_date < s.start_date ? s.start_date : week.start_date;
                const weekEnd = addDays(week.start_date, 6);
                const values = valuesOf(line);
                return [
                  {
                    '@_startDate': start,
                    '@_endDate': weekEnd > s.end_date ? s.end_date : weekEnd,
                    Rate: money(line.rate),
                    SpotsPerWeek: spots,
                    ...(values.length > 0 && { DemoValues: { DemoValue: values.map(([id, value]) => ({ '@_demoRef': id, '#text': value })) } }),
                  },
                ];
              }),
            },
          })),
        },
      },
    },
  };
};

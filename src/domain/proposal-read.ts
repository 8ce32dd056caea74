/**
 * An AAAA/TVB Spot TV Proposal (0.3.0.5, 0.3.0.5A, 0.3.0.5R; issue 42, decision 056) read from its
 * element tree into outlets and schedule lines: each line's days, broadcast-day times, spot length,
 * rate per spot and spots per week of the proposal's weeks (cut by `weekStartDay`). Both line formats:
 * `AvailLineWithDetailedPeriods` (`DetailedPeriod` with `SpotsPerWeek`, or `DayDetailedPeriod` with
 * `SpotsByDay`) and `AvailLineWithPeriods` (one `Rate`, `TotalSpots` spread over its periods' weeks).
 * What cannot be read is listed as skipped with the reason; the file carries no totals.
 */
import { isIsoDate } from './dates';
import { demoFromCategory, formatDemo } from './demos';
import { ALL_DAYS, type DayName } from './rate-card';
import { parseBroadcastTime, parseRateCents, parseSpotLength, scheduleWeeks, spotsPerWeekOf, type SpotLength, type SpotsPeriod } from './schedule-lines';

export const PROPOSAL_NAMESPACE = 'http://www.AAAA.org/schemas/spotTVCableProposal';
export const PROPOSAL_VERSIONS = ['0.3.0.5', '0.3.0.5A', '0.3.0.5R'] as const;

/** An element of the file: local name, namespace, attributes, children and trimmed text. */
export interface ProposalElement {
  name: string;
  ns: string;
  attributes: Record<string, string>;
  children: ProposalElement[];
  text: string;
}

export interface ProposalLine {
  outletId: string | null;
  name: string;
  daypartName: string;
  /** DayTime/ProgramName, where the buyer names the program the line targets (decision 060); '' when none. */
  programName: string;
  days: DayName[];
  startTime: string;
  endTime: string;
  start: number;
  end: number;
  spotLength: SpotLength;
  rateCents: number;
  spotsPerWeek: number[];
  demoValues: Record<string, number>;
}

export interface ProposalOutlet {
  id: string;
  callLetters: string;
}

export interface Proposal {
  schemaVersion: string;
  uniqueIdentifier: string;
  version: number;
  name: string;
  weekStartDay: DayName;
  startDate: string;
  endDate: string;
  weeks: string[];
  advertiser: string;
  product: string;
  buyer: string;
  seller: string;
  outlets: ProposalOutlet[];
  demos: string[];
  lines: ProposalLine[];
  skipped: { item: string; reason: string }[];
}

/** A file that is not a Proposal Spotbook can read: refused whole. */
export class ProposalError extends Error {}

export const kids = (e: ProposalElement | undefined, name: string) => e?.children.filter((c) => c.name === name) ?? [];
export const kid = (e: ProposalElement | undefined, name: string) => e?.children.find((c) => c.name === name);
export const textOf = (e: ProposalElement | undefined, ...path: string[]) => {
  let at = e;
  for (const name of path) at = kid(at, name);
  return at?.text ?? '';
};
const YES = new Set(['y', 'yes', 'true', '1']);
/** A weekday by its name or its two- or three-letter abbreviation (writers send weekStartDay="Mo"). */
const dayOf = (name: string) => {
  const n = name.trim().toLowerCase();
  return ALL_DAYS.find((d) => d.toLowerCase() === n || ((n.length === 2 || n.length === 3) && d.toLowerCase().startsWith(n)));
};

const need = (value: string | undefined, what: string) => {
  if (!value || value.trim() === '') throw new ProposalError(`${what} is missing`);
  return value.trim();
};

/** The demo categories of an AvailList by their id: the demo in the buyer's notation and its DemoType (Rating or Impression). */
export const demoCategoriesOf = (list: ProposalElement): Map<string, { demo: string; type: string }> => {
  const categories = new Map<string, { demo: string; type: string }>();
  for (const category of kids(kid(list, 'DemoCategories'), 'DemoCategory')) {
    const from = textOf(category, 'AgeFrom');
    const to = textOf(category, 'AgeTo');
    const demo = demoFromCategory(textOf(category, 'Group'), from === '' ? null : Number(from), to === '' ? null : Number(to));
    const id = category.attributes.DemoId ?? category.attributes.demoId;
    if (demo && id) categories.set(id, { demo: formatDemo(demo), type: textOf(category, 'DemoType') });
  }
  return categories;
};

/** The rating demos of an AvailList by their id, in the buyer's notation (a line's demo values are ratings; Impression categories are left out). */
const demosOf = (list: ProposalElement): Map<string, string> =>
  new Map([...demoCategoriesOf(list)].filter(([, c]) => !/^impression/i.test(c.type.trim())).map(([id, c]) => [id, c.demo]));

const demoValuesOf = (holder: ProposalElement | undefined, demos: Map<string, string>) => {
  const values: Record<string, number> = {};
  for (const value of kids(kid(holder, 'DemoValues'), 'DemoValue')) {
    const demo = demos.get(value.attributes.demoRef ?? '');
    const number = Number(value.text);
    if (demo && value.text !== '' && Number.isFinite(number) && number >= 0) values[demo] = number;
  }
  return values;
};

interface RatedPeriods {
  rateCents: number;
  periods: SpotsPeriod[];
  demoValues: Record<string, number>;
}

const periodDates = (period: ProposalElement) => ({ startDate: period.attributes.startDate ?? '', endDate: period.attributes.endDate ?? '' });

/** A line's periods grouped by rate (a line whose periods differ in rate becomes one line per rate). */
const detailedPeriods = (line: ProposalElement, demos: Map<string, string>): RatedPeriods[] | string => {
  const byRate = new Map<number, RatedPeriods>();
  for (const period of kid(line, 'Periods')?.children ?? []) {
    const dates = periodDates(period);
    if (!isIsoDate(dates.startDate) || !isIsoDate(dates.endDate)) return `a period's dates (${dates.startDate}–${dates.endDate}) are not dates`;
    const rate = parseRateCents(textOf(period, 'Rate'));
    if (rate === null) return `a period's rate (${textOf(period, 'Rate')}) is not an amount with two decimals`;
    let spots: number;
    if (period.name === 'DayDetailedPeriod') {
      spots = 0;
      for (const day of kid(period, 'SpotsByDay')?.children ?? []) {
        const n = Number(day.text || '0');
        if (!dayOf(day.name) || !Number.isInteger(n) || n < 0) return `SpotsByDay has ${day.name} ${day.text}`;
        spots += n;
      }
    } else {
      const text = textOf(period, 'SpotsPerWeek');
      spots = text === '' ? 0 : Number(text);
      if (!Number.isInteger(spots) || spots < 0) return `SpotsPerWeek (${text}) is not a whole number`;
    }
    const group = byRate.get(rate) ?? { rateCents: rate, periods: [], demoValues: {} };
    group.periods.push({ ...dates, spots });
    if (Object.keys(group.demoValues).length === 0) group.demoValues = demoValuesOf(period, demos);
    byRate.set(rate, group);
  }
  return [...byRate.values()];
};

/** Format 2: one rate, TotalSpots spread evenly over the weeks its periods touch (the earliest weeks take the remainder). */
const plainPeriods = (line: ProposalElement, weeks: readonly string[], demos: Map<string, string>): RatedPeriods[] | string => {
  const rate = parseRateCents(textOf(line, 'Rate'));
  if (rate === null) return `the rate (${textOf(line, 'Rate')}) is not an amount with two decimals`;
  const total = Number(textOf(line, 'TotalSpots') || '0');
  if (!Number.isInteger(total) || total < 0) return `TotalSpots (${textOf(line, 'TotalSpots')}) is not a whole number`;
  const ranges = kids(kid(line, 'Periods'), 'Period').map(periodDates);
  if (ranges.some((r) => !isIsoDate(r.startDate) || !isIsoDate(r.endDate))) return "a period's dates are not dates";
  const touched = spotsPerWeekOf(
    weeks,
    ranges.map((r) => ({ ...r, spots: 1 })),
  ).map((n) => n > 0);
  const count = touched.filter(Boolean).length;
  if (count === 0) return total === 0 ? [] : 'its periods touch no week of the proposal';
  let left = total;
  let index = 0;
  const periods: SpotsPeriod[] = [];
  weeks.forEach((week, i) => {
    if (!touched[i]) return;
    const spots = Math.floor(total / count) + (index < total % count ? 1 : 0);
    index += 1;
    left -= spots;
    periods.push({ startDate: week, endDate: week, spots });
  });
  return left === 0 ? [{ rateCents: rate, periods, demoValues: demoValuesOf(line, demos) }] : 'TotalSpots could not be spread';
};

const readLine = (line: ProposalElement, weeks: readonly string[], demos: Map<string, string>, skipped: Proposal['skipped']): ProposalLine[] => {
  const name = textOf(line, 'AvailName') || textOf(line, 'DaypartName') || 'Unnamed line';
  const skip = (reason: string) => {
    skipped.push({ item: `Line "${name}"`, reason });
    return [];
  };
  const dayTime = kid(kid(line, 'DayTimes'), 'DayTime');
  const startTime = textOf(dayTime, 'StartTime');
  const endTime = textOf(dayTime, 'EndTime');
  const start = parseBroadcastTime(startTime);
  const end = parseBroadcastTime(endTime);
  if (start === null || end === null) return skip(`its times ${startTime}–${endTime} are not broadcast-day times from 05:00 to 29:59`);
  if (end <= start) return skip(`its end time ${endTime} is not after its start time ${startTime}`);
  const days = ALL_DAYS.filter((d) => kid(kid(dayTime, 'Days'), d) && YES.has(textOf(kid(dayTime, 'Days'), d).toLowerCase()));
  if (days.length === 0) return skip('it airs on no day');
  const spotLength = parseSpotLength(textOf(line, 'SpotLength'));
  if (spotLength === null) return skip(`its spot length ${textOf(line, 'SpotLength')} is not :15, :30 or :60`);
  const rated = line.name === 'AvailLineWithPeriods' ? plainPeriods(line, weeks, demos) : detailedPeriods(line, demos);
  if (typeof rated === 'string') return skip(rated);
  const outletId = kid(line, 'OutletReference')?.attributes.outletFromListRef ?? null;
  return rated.map((r, i) => ({
    outletId,
    name: rated.length > 1 ? `${name} (${i + 1})` : name,
    daypartName: textOf(line, 'DaypartName'),
    programName: textOf(dayTime, 'ProgramName'),
    days,
    startTime: startTime.slice(0, 5),
    endTime: endTime.slice(0, 5),
    start,
    end,
    spotLength,
    rateCents: r.rateCents,
    spotsPerWeek: spotsPerWeekOf(weeks, r.periods),
    demoValues: r.demoValues,
  }));
};

export const readProposal = (root: ProposalElement): Proposal => {
  if (root.name !== 'AAAA-Message' || root.ns !== PROPOSAL_NAMESPACE) throw new ProposalError(`the root is not AAAA-Message in ${PROPOSAL_NAMESPACE}`);
  const values = kid(root, 'AAAA-Values');
  const schemaVersion = textOf(values, 'SchemaVersion');
  if (!(PROPOSAL_VERSIONS as readonly string[]).includes(schemaVersion))
    throw new ProposalError(`SchemaVersion ${schemaVersion || '(none)'} is not one of ${PROPOSAL_VERSIONS.join(', ')}`);
  const media = textOf(values, 'Media');
  if (media && media.toLowerCase() !== 'spottv') throw new ProposalError(`Media ${media} is not SpotTV`);
  const proposal = kid(root, 'Proposal');
  if (!proposal) throw new ProposalError('Proposal is missing');
  const a = proposal.attributes;
  const uniqueIdentifier = need(a.uniqueIdentifier, 'Proposal@uniqueIdentifier').slice(0, 200);
  const version = Number(a.version ?? '1');
  if (!Number.isInteger(version) || version < 0) throw new ProposalError(`Proposal@version ${a.version} is not a whole number`);
  const weekStartDay = dayOf(a.weekStartDay ?? 'Monday');
  if (!weekStartDay) throw new ProposalError(`Proposal@weekStartDay ${a.weekStartDay} is not a day`);
  const startDate = need(a.startDate, 'Proposal@startDate');
  const endDate = need(a.endDate, 'Proposal@endDate');
  if (!isIsoDate(startDate) || !isIsoDate(endDate) || endDate < startDate)
    throw new ProposalError(`the flight ${startDate}–${endDate} is not two dates in order`);
  const weeks = scheduleWeeks(startDate, endDate, weekStartDay);
  if (weeks.length > 105) throw new ProposalError('the flight is longer than two years');
  const outlets = kids(kid(proposal, 'Outlets'), 'TelevisionStation').map((s, i) => ({
    id: s.attributes.outletId ?? `outlet-${i + 1}`,
    callLetters: (s.attributes.callLetters ?? '').trim(),
  }));
  if (outlets.length === 0) throw new ProposalError('Outlets names no TelevisionStation');
  const skipped: Proposal['skipped'] = [];
  const lines: ProposalLine[] = [];
  const demos = new Set<string>();
  for (const list of kids(proposal, 'AvailList')) {
    const listDemos = demosOf(list);
    listDemos.forEach((d) => demos.add(d));
    // A list's own outlet ids point at the proposal's outlets.
    const outletOf = new Map(
      kids(kid(list, 'OutletReferences'), 'OutletReference').map((r) => [r.attributes.outletForListId ?? '', r.attributes.outletFromProposalRef ?? '']),
    );
    const onlyOutlet = outletOf.size === 1 ? [...outletOf.values()][0]! : outlets.length === 1 ? outlets[0]!.id : null;
    for (const line of list.children.filter((c) => c.name === 'AvailLineWithDetailedPeriods' || c.name === 'AvailLineWithPeriods')) {
      for (const read of readLine(line, weeks, listDemos, skipped)) {
        const outletId = read.outletId !== null ? (outletOf.get(read.outletId) ?? read.outletId) : onlyOutlet;
        if (outletId === null || !outlets.some((o) => o.id === outletId))
          skipped.push({ item: `Line "${read.name}"`, reason: 'it names no outlet of the proposal' });
        else lines.push({ ...read, outletId });
      }
    }
  }
  return {
    schemaVersion,
    uniqueIdentifier,
    version,
    name: textOf(proposal, 'Name'),
    weekStartDay,
    startDate,
    endDate,
    weeks,
    advertiser: kid(proposal, 'Advertiser')?.attributes.name ?? '',
    product: kid(kid(proposal, 'Advertiser'), 'Product')?.attributes.name ?? '',
    buyer: kid(proposal, 'Buyer')?.attributes.buyingCompanyName ?? textOf(proposal, 'Buyer', 'BuyerName'),
    seller: kid(proposal, 'Seller')?.attributes.companyName ?? '',
    outlets,
    demos: [...demos],
    lines,
    skipped,
  };
};

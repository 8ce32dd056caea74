/**
 * A ratings book read from a Proposal's DemoValues (issue 43, decision 057): each line's daypart on the
 * channel (the daypart of its DaypartName, else the one holding its days and times), and per demo its
 * rating (a `Rating` category) and impressions in thousands (an `Impression` category), from the line's
 * DemoValues or its first period's. A book also holds each demo's universe, which a Proposal does not
 * carry: it follows from a rating and its impressions (universe = impressions × 100 ÷ rating), so every
 * demo needs both. Pure: the first problem is answered as a message naming the line.
 */
import { demoCategoriesOf, kid, kids, textOf, type ProposalElement } from './proposal-read';
import { ALL_DAYS } from './rate-card';
import { daypartHolding, parseBroadcastTime, type DaypartHours } from './schedule-lines';

export interface ProposalBookRow {
  daypartId: string;
  demo: string;
  rating: number;
  impressions: number;
}

const YES = new Set(['y', 'yes', 'true', '1']);
const isRating = (type: string) => /^rating/i.test(type.trim());
const isImpression = (type: string) => /^impression/i.test(type.trim());
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The DemoValues a line states: its own, else its first period's that has some. */
const valuesHolder = (line: ProposalElement) =>
  kid(line, 'DemoValues') ? line : (kid(line, 'Periods')?.children.find((period) => kid(period, 'DemoValues')) ?? null);

/** The line's daypart on the channel: named by DaypartName (any case), else holding its days and times. */
const daypartOfLine = <D extends DaypartHours>(line: ProposalElement, dayparts: readonly D[]): D | null => {
  const named = textOf(line, 'DaypartName').trim().toLowerCase();
  const byName = named ? dayparts.find((d) => d.name.toLowerCase() === named) : undefined;
  if (byName) return byName;
  const dayTime = kid(kid(line, 'DayTimes'), 'DayTime');
  const start = parseBroadcastTime(textOf(dayTime, 'StartTime'));
  const end = parseBroadcastTime(textOf(dayTime, 'EndTime'));
  const days = ALL_DAYS.filter((d) => YES.has(textOf(kid(dayTime, 'Days'), d).toLowerCase()));
  if (start === null || end === null || end <= start || days.length === 0) return null;
  return daypartHolding(dayparts, { days, start, end });
};

/**
 * The book's rows and universes from a Proposal's element tree (already checked as a Proposal by
 * `readProposal`), or the message of the first problem.
 */
export const readProposalBook = (
  root: ProposalElement,
  dayparts: readonly DaypartHours[],
): { rows: ProposalBookRow[]; universes: { demo: string; universe: number }[] } | string => {
  const proposal = kid(root, 'Proposal');
  const figures = new Map<string, { daypartId: string; demo: string; rating?: number; impressions?: number; line: string }>();
  let lines = 0;
  for (const list of kids(proposal, 'AvailList')) {
    const categories = demoCategoriesOf(list);
    for (const line of list.children.filter((c) => c.name === 'AvailLineWithDetailedPeriods' || c.name === 'AvailLineWithPeriods')) {
      lines += 1;
      const name = textOf(line, 'AvailName') || textOf(line, 'DaypartName') || `line ${lines}`;
      const at = `Line "${name}": `;
      const holder = valuesHolder(line);
      if (!holder) continue;
      const daypart = daypartOfLine(line, dayparts);
      if (!daypart) return `${at}this channel has no daypart named "${textOf(line, 'DaypartName')}" nor one holding its days and times`;
      const stated = new Map<string, { rating?: number; impressions?: number }>();
      for (const value of kids(kid(holder, 'DemoValues'), 'DemoValue')) {
        const category = categories.get(value.attributes.demoRef ?? '');
        if (!category) return `${at}a DemoValue names demoRef "${value.attributes.demoRef ?? ''}", which no DemoCategory of its AvailList defines`;
        const number = Number(value.text.replace(/,/g, ''));
        if (value.text === '' || !Number.isFinite(number) || number < 0) return `${at}the ${category.demo} value "${value.text}" is not a number of at least 0`;
        const figure = stated.get(category.demo) ?? {};
        if (isRating(category.type)) {
          if (number > 100) return `${at}the ${category.demo} rating ${number} is above 100`;
          figure.rating = number;
        } else if (isImpression(category.type)) figure.impressions = number;
        else return `${at}the ${category.demo} DemoType "${category.type}" is neither Rating nor Impression`;
        stated.set(category.demo, figure);
      }
      for (const [demo, figure] of stated) {
        const key = `${daypart.id} ${demo}`;
        const earlier = figures.get(key);
        if (earlier && (earlier.rating !== figure.rating || earlier.impressions !== figure.impressions))
          return `${at}${daypart.name} ${demo} already has other figures from line "${earlier.line}"; a book holds one figure per daypart and demo`;
        if (!earlier) figures.set(key, { daypartId: daypart.id, demo, ...figure, line: name });
      }
    }
  }
  if (figures.size === 0) return 'The proposal has no DemoValues to read a book from';
  const rows: ProposalBookRow[] = [];
  // Each demo's universe from its line with the largest rating (the most precise).
  const universes = new Map<string, { universe: number; rating: number }>();
  for (const f of figures.values()) {
    if (f.rating === undefined || f.impressions === undefined)
      return `Line "${f.line}": ${f.demo} needs both a Rating and an Impression DemoValue (a book's universe is impressions × 100 ÷ rating)`;
    rows.push({ daypartId: f.daypartId, demo: f.demo, rating: f.rating, impressions: f.impressions });
    const best = universes.get(f.demo);
    if (f.rating > 0 && (!best || f.rating > best.rating)) universes.set(f.demo, { universe: round1((f.impressions * 100) / f.rating), rating: f.rating });
  }
  for (const f of figures.values()) if (!universes.has(f.demo)) return `${f.demo} has no line with a rating above 0, so its universe cannot be worked out`;
  for (const [demo, u] of universes) if (!(u.universe > 0)) return `${demo} has no impressions, so its universe cannot be worked out`;
  return { rows, universes: [...universes].map(([demo, u]) => ({ demo, universe: u.universe })) };
};

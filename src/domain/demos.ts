/**
 * Demographic categories as buyers write them (`HH`, `A25-54`, `W18-49`, `M18+`, `P2+`, `T12-17`,
 * `K2-11`, `WW25-54`) and as the AAAA/TVB Proposal XML names them (`DemoCategory`: a `DemoType`
 * of Rating or Impression, a `Group`, and `AgeFrom`/`AgeTo`). One notation is the key everywhere:
 * books, order lines, the audience reply and the Proposal import and export.
 */

/** The AAAA Proposal's demo groups, by the letter(s) buyers write. */
export const DEMO_GROUPS = {
  HH: 'Homes',
  A: 'Adults',
  M: 'Men',
  W: 'Women',
  P: 'Persons',
  T: 'Teens',
  K: 'Children',
  WW: 'WWomen',
} as const;

export type DemoLetter = keyof typeof DEMO_GROUPS;
export type DemoGroup = (typeof DEMO_GROUPS)[DemoLetter];

export interface Demo {
  group: DemoGroup;
  /** null for Homes. */
  ageFrom: number | null;
  /** null for Homes and for "and over" (`M18+`). */
  ageTo: number | null;
}

export const DEMO_AGE_MAX = 99;

/** @public The message of a demo that is not one (books and orders answer it). */
export const DEMO_MESSAGE = 'A demo is written as HH, or a group (A, M, W, P, T, K, WW) and an age range such as A25-54 or M18+';

const PATTERN = /^(WW|HH|[AMWPTK])(?:(\d{1,2})(?:-(\d{1,2})|(\+)))?$/;

/** Reads a buyer's demo (`a25-54`, ` W18+ `); null when it is not one. */
export function parseDemo(text: string): Demo | null {
  const match = PATTERN.exec(text.trim().toUpperCase());
  if (!match) return null;
  const letter = match[1] as DemoLetter;
  const group = DEMO_GROUPS[letter];
  if (letter === 'HH') return match[2] === undefined ? { group, ageFrom: null, ageTo: null } : null;
  if (match[2] === undefined) return null;
  const ageFrom = Number(match[2]);
  const ageTo = match[4] ? null : Number(match[3]);
  if (ageTo != null && ageTo < ageFrom) return null;
  return { group, ageFrom, ageTo };
}

const LETTER_OF = Object.fromEntries(Object.entries(DEMO_GROUPS).map(([letter, group]) => [group, letter])) as Record<DemoGroup, DemoLetter>;

/** The buyer's notation of a demo: `HH`, `A25-54`, `M18+`. */
export function formatDemo(demo: Demo): string {
  const letter = LETTER_OF[demo.group];
  if (demo.group === 'Homes') return 'HH';
  const from = demo.ageFrom ?? 0;
  return demo.ageTo == null ? `${letter}${from}+` : `${letter}${from}-${demo.ageTo}`;
}

/** The canonical notation of a buyer's demo text, or null when it is not one. */
export const normalizeDemo = (text: string) => {
  const demo = parseDemo(text);
  return demo ? formatDemo(demo) : null;
};

/** A Proposal's `DemoCategory` read as a demo; `AgeTo` of 99 or more, or none, means "and over". */
export function demoFromCategory(group: string, ageFrom: number | null, ageTo: number | null): Demo | null {
  const known = Object.values(DEMO_GROUPS).find((g) => g.toLowerCase() === group.trim().toLowerCase());
  if (!known) return null;
  if (known === 'Homes') return { group: known, ageFrom: null, ageTo: null };
  if (ageFrom == null || !Number.isInteger(ageFrom) || ageFrom < 0 || ageFrom > DEMO_AGE_MAX) return null;
  const to = ageTo == null || ageTo >= DEMO_AGE_MAX ? null : ageTo;
  if (to != null && (!Number.isInteger(to) || to < ageFrom)) return null;
  return { group: known, ageFrom, ageTo: to };
}

/** A demo as a Proposal's `DemoCategory` fields (`AgeTo` 99 for "and over"). */
export const categoryOfDemo = (demo: Demo) => ({
  group: demo.group,
  ageFrom: demo.ageFrom ?? 0,
  ageTo: demo.ageTo ?? DEMO_AGE_MAX,
});

/** @public Every demo a station is asked for most, for pickers; any valid notation is accepted. */
export const COMMON_DEMOS = ['HH', 'A18+', 'A18-49', 'A25-54', 'A35-64', 'W18-49', 'W25-54', 'M18-49', 'M25-54', 'P2+', 'T12-17', 'K2-11', 'WW25-54'] as const;

/**
 * What one spot of an order runs for and costs (issue 42, decisions 005 and 056), the one rule that the
 * traffic log, billing, the affidavit, the EI and makegoods read. A spot of a schedule line runs the
 * line's spot length and costs its rate per spot ($0 for a bonus spot); a spot of the specification's
 * items runs its commercial's length and costs its delivery at the item's CPM (`itemCostCents`).
 */
import { spotSeconds } from './traffic';

export interface ScheduleLineTerms {
  rateCents: number;
  spotLength: number;
}

/** One spot's cost in cents: the line's rate per spot when the spot is a schedule line's. */
export const spotCostCentsOf = (line: ScheduleLineTerms | null | undefined, itemCostCents: () => number): number => (line ? line.rateCents : itemCostCents());

/** One spot's length on the log in seconds: the line's spot length, else the commercial's probed length (30 s unknown). */
export const spotLengthOf = (line: ScheduleLineTerms | null | undefined, probedSeconds: number | null | undefined): number =>
  line ? line.spotLength : spotSeconds(probedSeconds);

/**
 * Revisions of a submitted or booked order's schedule (issue 42, decision 064): the buyer proposes a new
 * schedule, the desk approves or rejects it, and every revision stays in the order's history.
 */
import { z } from 'zod';
import { REVISION_DETAIL_FIELDS } from './schedule-revision-details';
import { differenceSchema, scheduleInputSchema } from './schedule-schemas';

export const REVISABLE_STATUSES = ['ordered', 'approved', 'scheduled', 'active'] as const;

export const REVISION_MESSAGES = {
  notRevisable: 'Only a submitted or booked order’s schedule can be revised; change a draft’s schedule directly',
  noSchedule: 'This order has no schedule to revise',
  pending: 'This order already has a revision waiting for a decision',
  notFound: 'Revision not found',
  decided: 'This revision has already been decided',
  linesKept: 'A booked order keeps every schedule line: set a line’s weeks to 0 instead of removing it',
  nothingChanged: 'The revision changes nothing in the schedule',
  unmapped: (names: string) => `Map every line to a daypart before revising: ${names}`,
  proposed: (version: number) => `Revision ${version} sent for approval`,
  approved: (version: number) => `Revision ${version} approved: the schedule is changed`,
  rejected: (version: number) => `Revision ${version} rejected`,
} as const;

const orderName = (name: string) => name.trim() || 'Untitled order';

/** What the desk and the order's owner are told of a revision (decision 064). */
export const REVISION_NOTICES = {
  proposed: (version: number, name: string) => `Revision ${version} of the schedule of order "${orderName(name)}" waits for approval`,
  approved: (version: number, name: string) => `Revision ${version} of the schedule of your order "${orderName(name)}" was approved: the schedule is changed`,
  rejected: (version: number, name: string) => `Revision ${version} of the schedule of your order "${orderName(name)}" was rejected`,
} as const;

export const revisionInputSchema = scheduleInputSchema;

export const revisionDecisionSchema = z.strictObject({
  notes: z.string({ error: 'Notes must be text' }).trim().max(2000, 'Notes must be at most 2000 characters').nullable().optional(),
});

export const scheduleRevisionSchema = z.object({
  id: z.uuid(),
  estimate_id: z.uuid(),
  version: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  changes: z.array(differenceSchema),
  spots: z.number().int(),
  gross: z.number(),
  notes: z.string().nullable(),
  proposed_at: z.string(),
  decided_at: z.string().nullable(),
  /** Who proposed and who decided it (a name, else the e-mail); null when the account is gone or nobody decided yet. */
  proposed_by: z.string().nullable(),
  decided_by: z.string().nullable(),
  /** The schedule it was proposed against: its spots and gross; null when not known (a revision stored before these were kept). */
  before: z.object({ spots: z.number().int(), gross: z.number() }).nullable(),
  /** Field by field and week by week: the value before and after, as text (rate in dollars, spots as a count). */
  details: z.array(
    z.object({
      line: z.string(),
      change: z.enum(['added', 'removed', 'changed']),
      field: z.enum(REVISION_DETAIL_FIELDS),
      week: z.string().nullable(),
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
  ),
});
export type ScheduleRevision = z.infer<typeof scheduleRevisionSchema>;

export const revisionReplySchema = z.object({ message: z.string(), revision: scheduleRevisionSchema });
export const revisionListSchema = z.object({ revisions: z.array(scheduleRevisionSchema) });

/**
 * Drafts nobody touched (issue 29, item 13). New Order creates its draft when clicked (the spec's
 * address scheme: /app/estimates/:id?edit=true) and the page discards it if left untouched, but a
 * closed tab or a lost connection leaves it behind as an "Untitled order $0.00". A job removes such
 * drafts once they are UNTOUCHED_DRAFT_HOURS old: still draft, never changed since created (updated_at
 * within a minute of created_at), no name, brand, items, budget, creative, card, coupon or notes, and from the web app.
 * Anything typed and saved (the form saves as one types) keeps the draft.
 */
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import { estimateItems, estimates } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { JobQueue } from '../../platform/jobs';

export const UNTOUCHED_DRAFT_HOURS = 1;
const JOB = 'estimates.remove-untouched-drafts';

/** Removes the untouched drafts created before `before`; answers how many went. */
export const removeUntouchedDrafts = async (db: Db, before: Date): Promise<number> => {
  const removed = await db.transaction((tx) =>
    tx
      .delete(estimates)
      .where(
        and(
          eq(estimates.status, 'draft'),
          eq(estimates.source, 'web'),
          lt(estimates.createdAt, before),
          // Never changed after its creation (which may fill in its start date within the same moment).
          sql`${estimates.updatedAt} < ${estimates.createdAt} + interval '1 minute'`,
          sql`btrim(${estimates.estimateName}) = ''`,
          sql`${estimates.brandId} is null`,
          eq(estimates.totalSpendCents, 0),
          sql`${estimates.mediaAssetId} is null`,
          sql`${estimates.paymentMethodId} is null`,
          sql`coalesce(${estimates.couponCode}, '') = ''`,
          sql`coalesce(${estimates.notes}, '') = ''`,
          notExists(
            tx
              .select({ one: sql`1` })
              .from(estimateItems)
              .where(eq(estimateItems.estimateId, estimates.id)),
          ),
        ),
      )
      .returning({ id: estimates.id }),
  );
  return removed.length;
};

/** Every `minutes`, the untouched drafts older than UNTOUCHED_DRAFT_HOURS go. */
export const scheduleUntouchedDraftSweep = ({
  db,
  jobs,
  minutes,
  now,
  log,
}: {
  db: Db;
  jobs: JobQueue;
  minutes: number;
  now: () => Date;
  log: { info: (o: object, m: string) => void };
}) => {
  jobs.register(JOB, z.object({}), async () => {
    const removed = await removeUntouchedDrafts(db, new Date(now().getTime() - UNTOUCHED_DRAFT_HOURS * 3_600_000));
    if (removed > 0) log.info({ removed }, 'removed untouched drafts');
  });
  if (minutes > 0) jobs.every(JOB, minutes * 60);
};

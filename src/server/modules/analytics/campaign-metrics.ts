/**
 * The dashboard's campaign figures. Until campaigns are tracked, an order that was scheduled is
 * its campaign: counted, with no delivered impressions or spend yet.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { OverviewReply } from '../../../domain/analytics';
import type { OrderActor } from '../../../domain/orders';
import { isAdmin } from '../../../domain/roles';
import { estimates } from '../../db/schema';
import type { Db } from '../../platform/db';

export const campaignMetrics = async ({ db, actor, from }: { db: Db; actor: OrderActor; from: string }): Promise<OverviewReply['overall_metrics']> => {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`.mapWith(Number),
      active: sql<number>`(count(*) filter (where ${eq(estimates.status, 'active')}))::int`.mapWith(Number),
    })
    .from(estimates)
    .where(
      and(
        isAdmin(actor.role) ? undefined : eq(estimates.ownerId, actor.id),
        inArray(estimates.status, ['scheduled', 'active', 'completed']),
        gte(sql`(coalesce(${estimates.submittedAt}, ${estimates.createdAt}) at time zone 'UTC')::date`, from),
      ),
    );
  return { total_campaigns: row?.total ?? 0, active_campaigns: row?.active ?? 0, total_impressions: 0, total_spend: 0, avg_cpm: 0 };
};

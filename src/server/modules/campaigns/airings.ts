/**
 * Recording airings (issue 22: the one place): each airing is a campaign_deliveries row, and its
 * campaign's counters (aired spots, impressions, spend, last aired) move by the airings' sums. The
 * callers decide what aired and price it (domain/campaigns airingOf): an as-run import, the demo's
 * simulated airing, the demo's past. Set-based: two statements per chunk whatever the count.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { withHeldKeys } from '../../platform/held-keys';
import { sqlArray } from '../../platform/sql-arrays';
import { executeInTurn } from '../../platform/statements-in-turn';

export interface AiringRecord {
  campaignId: string;
  daypartId: string;
  airedAt: Date;
  impressions: number;
  spendCents: number;
  /** The traffic-log spot that aired, if any (the demo airs before the log has spots). */
  spotId: string | null;
  /** The demo's airings (decision 031): never certified, never billed. */
  simulated: boolean;
}

const CHUNK = 5_000;

/**
 * Inserts the deliveries and adds them to their campaigns' counters, inside the caller's transaction.
 * The airings are read once, a chunk at a time: a caller may hand a generator, so that no more than a
 * chunk of them is held at once (an as-run import's 100,000).
 */
export const recordAirings = async (
  tx: Tx,
  airings: Iterable<AiringRecord>,
  {
    keysHeld = false,
  }: {
    /**
     * The caller's transaction holds every campaign, daypart and spot the airings name (locked or written), so
     * the deliveries are inserted without a per-row check of those keys (withHeldKeys, decision 065).
     */
    keysHeld?: boolean;
  } = {},
): Promise<void> => {
  // Each campaign's counters once (its sums in memory): one row update per campaign, not per airing.
  const sums = new Map<
    string,
    { aired: number; impressions: number; spend: number; last: Date; simulated: { aired: number; impressions: number; spend: number } }
  >();
  /** The chunk being gathered, as the statement's columns (no airing object is kept past its own step). */
  const part = {
    campaignIds: [] as string[],
    daypartIds: [] as string[],
    at: [] as string[],
    impressions: [] as number[],
    spend: [] as number[],
    spotIds: [] as (string | null)[],
    simulated: [] as boolean[],
  };
  const insert = () => {
    const statement = sql`
      insert into campaign_deliveries (campaign_id, daypart_id, aired_at, impressions, spend_cents, spot_id, simulated)
      select * from unnest(${sqlArray(part.campaignIds, 'uuid')}, ${sqlArray(part.daypartIds, 'uuid')},
        ${sqlArray(part.at, 'timestamptz')}, ${sqlArray(part.impressions, 'int')},
        ${sqlArray(part.spend, 'bigint')}, ${sqlArray(part.spotIds, 'uuid')}, ${sqlArray(part.simulated, 'bool')})`;
    // sqlArray wrote the values into the statement's text: the columns can take the next chunk's at once.
    for (const column of Object.values(part)) column.length = 0;
    return statement;
  };
  // Each chunk's statement is made while the one before runs (executeInTurn).
  const inserts = function* () {
    for (const a of airings) {
      part.campaignIds.push(a.campaignId);
      part.daypartIds.push(a.daypartId);
      part.at.push(a.airedAt.toISOString());
      part.impressions.push(a.impressions);
      part.spend.push(a.spendCents);
      part.spotIds.push(a.spotId);
      part.simulated.push(a.simulated);
      let s = sums.get(a.campaignId);
      if (!s) sums.set(a.campaignId, (s = { aired: 0, impressions: 0, spend: 0, last: a.airedAt, simulated: { aired: 0, impressions: 0, spend: 0 } }));
      for (const sum of a.simulated ? [s, s.simulated] : [s]) {
        sum.aired += 1;
        sum.impressions += a.impressions;
        sum.spend += a.spendCents;
      }
      if (a.airedAt > s.last) s.last = a.airedAt;
      if (part.campaignIds.length === CHUNK) yield insert();
    }
    if (part.campaignIds.length > 0) yield insert();
  };
  await (keysHeld ? withHeldKeys(tx, () => executeInTurn(tx, inserts())) : executeInTurn(tx, inserts()));
  const campaigns = [...sums];
  for (let i = 0; i < campaigns.length; i += CHUNK) {
    const part = campaigns.slice(i, i + CHUNK);
    await tx.execute(sql`
      update campaigns c set aired_spots = c.aired_spots + v.aired, total_impressions = c.total_impressions + v.impressions,
        spend_cents = c.spend_cents + v.spend, last_aired_at = greatest(c.last_aired_at, v.last), updated_at = now(),
        simulated_spots = c.simulated_spots + v.sim_aired, simulated_impressions = c.simulated_impressions + v.sim_impressions,
        simulated_spend_cents = c.simulated_spend_cents + v.sim_spend
      from unnest(${sqlArray(
        part.map(([id]) => id),
        'uuid',
      )}, ${sqlArray(
        part.map(([, s]) => s.aired),
        'int',
      )}, ${sqlArray(
        part.map(([, s]) => s.impressions),
        'bigint',
      )}, ${sqlArray(
        part.map(([, s]) => s.spend),
        'bigint',
      )}, ${sqlArray(
        part.map(([, s]) => s.last.toISOString()),
        'timestamptz',
      )}, ${sqlArray(
        part.map(([, s]) => s.simulated.aired),
        'int',
      )}, ${sqlArray(
        part.map(([, s]) => s.simulated.impressions),
        'bigint',
      )}, ${sqlArray(
        part.map(([, s]) => s.simulated.spend),
        'bigint',
      )}) v(id, aired, impressions, spend, last, sim_aired, sim_impressions, sim_spend)
      where c.id = v.id`);
  }
};

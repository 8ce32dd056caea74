import { ESTIMATE_MESSAGES, type EstimateItem } from '../../../domain/estimate-schemas';
import { roundDollars, toDollars } from '../../../domain/money';
import { weeklyCost, weeklyImpressions } from '../../../domain/pricing';
import type { estimateItems } from '../../db/schema';
import type { DaypartRow } from '../dayparts/public';
import type { Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { itemsWithDayparts, selectionOf } from './orders';

export const toItem = ({ item, daypart }: { item: typeof estimateItems.$inferSelect; daypart: DaypartRow }): EstimateItem => {
  const selection = selectionOf(daypart, item);
  return {
    id: item.id,
    estimate_id: item.estimateId,
    daypart_id: daypart.id,
    daypart_name: daypart.name,
    daypart_description: daypart.description,
    start_time: daypart.startTime,
    end_time: daypart.endTime,
    days_of_week: daypart.daysOfWeek,
    base_cpm: toDollars(daypart.baseCpmCents),
    min_cpm: toDollars(daypart.minCpmCents),
    multiplier: daypart.multiplier,
    spot_frequency: daypart.spotFrequency,
    expected_views: Math.round(weeklyImpressions(selection)),
    is_prime_time: daypart.isPrimeTime,
    spots_per_occurrence: item.spotsPerOccurrence,
    user_defined_cpm: item.userDefinedCpmCents == null ? null : toDollars(item.userDefinedCpmCents),
    weekly_cost: roundDollars(weeklyCost([selection])),
  };
};

export const listItems = async (db: Tx, estimateId: string): Promise<EstimateItem[]> => (await itemsWithDayparts(db, estimateId)).map(toItem);

export const getItem = async (db: Tx, estimateId: string, itemId: string): Promise<EstimateItem> => {
  const [row] = await itemsWithDayparts(db, estimateId, itemId);
  if (!row) throw notFound(ESTIMATE_MESSAGES.itemNotFound);
  return toItem(row);
};

/**
 * get_products (decision 035): one product per daypart and spot length (:15, :30, :60), priced from
 * the rate card as the spec prices orders (CPM), with live availability per week of the requested
 * flight and forecast impressions (IMPRESSIONS_PER_SPOT × the daypart's multiplier per spot).
 */
import { IMPRESSIONS_PER_SPOT, START_DATE_MIN_LEAD_DAYS } from '../../../domain/constants';
import { addDays, daysBetween, isIsoDate } from '../../../domain/dates';
import { toCents, toDollars } from '../../../domain/money';
import { cpmCentsForFlatRate, lengthCpmCents, lengthFlatRateCents, lengthPercentOf } from '../../../domain/spot-length-pricing';
import { dayLabel, DEFAULT_MIN_CPM } from '../../../domain/rate-card';
import { anyFlatRate, rateCard, type DaypartRow } from '../dayparts/public';
import type { Db } from '../../platform/db';
import { daypartAvailability } from '../dayparts/service';
import { adcpError } from './errors';
import { channelProperties, publisherPropertiesOf } from './properties';
import { formatIdOf, SPOT_LENGTHS, type SpotLength, type StationIdentity } from './station';

export type { DaypartRow };

/** Every product's pricing option: the rate card's CPM for its length, in US dollars. */
export const CPM_OPTION_ID = 'cpm_usd';
/** A daypart's flat rate per spot of the product's length, where the station sets one. */
export const FLAT_RATE_OPTION_ID = 'flat_rate_usd';
/** How long a product's availability holds before the buyer should ask again. */
const PRODUCT_TTL_MS = 15 * 60 * 1000;
/** A flight asked for without dates: four weeks from the earliest bookable day. */
const DEFAULT_FLIGHT_DAYS = 28;
const MAX_FLIGHT_DAYS = 366;

export const productIdOf = (daypartId: string, length: SpotLength) => `${daypartId}_${length}s`;
export const parseProductId = (productId: string): { daypartId: string; length: SpotLength } | undefined => {
  const match = /^([0-9a-f-]{36})_(15|30|60)s$/i.exec(productId);
  return match ? { daypartId: match[1]!.toLowerCase(), length: Number(match[2]) as SpotLength } : undefined;
};

/** The daypart's :30 CPM in cents: its base CPM, else $5 (the order form's default). */
const baseCpmCentsOf = (d: DaypartRow) => d.baseCpmCents || toCents(DEFAULT_MIN_CPM);
export const impressionsPerSpotOf = (d: DaypartRow) => IMPRESSIONS_PER_SPOT * d.multiplier;

/**
 * The CPM (cents) an order item of this product is priced at under a pricing option, so that the spec's
 * weekly-cost rule comes out at the length's price: the length's CPM, or the CPM at which one spot
 * costs the flat rate. Null: the item keeps the rate card's CPM (today's price, nothing to record).
 * Undefined: the daypart offers no such option.
 */
export const itemCpmCentsFor = (d: DaypartRow, length: SpotLength, option: string): number | null | undefined => {
  if (option === CPM_OPTION_ID) return lengthPercentOf(d, length) === 100 ? null : lengthCpmCents(baseCpmCentsOf(d), d, length);
  if (option === FLAT_RATE_OPTION_ID) {
    const flat = lengthFlatRateCents(d, length);
    return flat == null ? undefined : cpmCentsForFlatRate(flat, d.multiplier);
  }
  return undefined;
};

/** The CPM (dollars) a package is priced at: its item's CPM, else the rate card's. */
export const packageCpmOf = (d: DaypartRow, length: SpotLength, option: string = CPM_OPTION_ID) =>
  toDollars(itemCpmCentsFor(d, length, option) ?? baseCpmCentsOf(d));
/** What one spot a day costs for a week of the daypart's airing days, at a CPM. */
export const weeklyCostPerDailySpot = (d: DaypartRow, cpm: number) => (impressionsPerSpotOf(d) / 1000) * cpm * d.daysOfWeek.length;

/** Whether any daypart sells at a flat rate per spot (get_adcp_capabilities lists flat_rate then). */
export const hasFlatRate = (db: Db) => anyFlatRate(db);

export const earliestBookableDate = (today: string) => addDays(today, START_DATE_MIN_LEAD_DAYS);

export interface Flight {
  start: string;
  end: string;
}

export const flightFrom = (filters: { start_date?: string; end_date?: string } | undefined, today: string): Flight => {
  const start = filters?.start_date ?? earliestBookableDate(today);
  const end = filters?.end_date ?? addDays(start, DEFAULT_FLIGHT_DAYS - 1);
  if (!isIsoDate(start)) throw adcpError('INVALID_REQUEST', 'filters.start_date must be a date (YYYY-MM-DD)', { field: 'filters.start_date' });
  if (!isIsoDate(end)) throw adcpError('INVALID_REQUEST', 'filters.end_date must be a date (YYYY-MM-DD)', { field: 'filters.end_date' });
  if (end < start) throw adcpError('INVALID_REQUEST', 'filters.end_date must not be before filters.start_date', { field: 'filters.end_date' });
  if (daysBetween(start, end) + 1 > MAX_FLIGHT_DAYS)
    throw adcpError('INVALID_REQUEST', `A flight may span at most ${MAX_FLIGHT_DAYS} days`, { field: 'filters.end_date' });
  return { start, end };
};

export interface WeekAvailability {
  week_start: string;
  week_end: string;
  /** Spots still free over the week's airing days. */
  remaining_spots: number;
}

/** Free spots per week of the flight (weeks counted from its first day), read as the order form reads them. */
export const weeklyAvailability = async (db: Db, daypartId: string, flight: Flight): Promise<WeekAvailability[]> => {
  const availability = await daypartAvailability({ db, id: daypartId, start: flight.start, end: flight.end });
  const weeks: WeekAvailability[] = [];
  for (let start = flight.start; start <= flight.end; start = addDays(start, 7)) {
    const end = addDays(start, 6) < flight.end ? addDays(start, 6) : flight.end;
    const remaining = availability.days.filter((d) => d.date >= start && d.date <= end).reduce((sum, d) => sum + d.available_spots, 0);
    weeks.push({ week_start: start, week_end: end, remaining_spots: remaining });
  }
  return weeks;
};

const productOf = (
  d: DaypartRow,
  length: SpotLength,
  station: StationIdentity,
  weeks: WeekAvailability[],
  now: Date,
  publisherProperties: ReturnType<typeof publisherPropertiesOf>,
) => {
  const cpm = packageCpmOf(d, length);
  const perSpot = impressionsPerSpotOf(d);
  const weekly = weeklyCostPerDailySpot(d, cpm);
  const flatRate = lengthFlatRateCents(d, length);
  return {
    product_id: productIdOf(d.id, length),
    name: `${d.name} :${length}`,
    description: `${length}-second spots in ${d.name} (${d.startTime.slice(0, 5)}–${d.endTime.slice(0, 5)}, ${dayLabel(d.daysOfWeek)})${d.description ? `: ${d.description}` : ''}`,
    publisher_properties: publisherProperties,
    channels: ['linear_tv' as const],
    format_ids: [{ agent_url: station.agentUrl, id: formatIdOf(length) }],
    delivery_type: 'guaranteed' as const,
    pricing_options: [
      {
        pricing_option_id: CPM_OPTION_ID,
        pricing_model: 'cpm' as const,
        currency: 'USD',
        fixed_price: cpm,
        // One spot a day for a week: the least an order with this daypart may cost (spec: budget covers the weekly cost).
        min_spend_per_package: Math.ceil(weekly),
      },
      ...(flatRate == null
        ? []
        : [
            {
              pricing_option_id: FLAT_RATE_OPTION_ID,
              pricing_model: 'flat_rate' as const,
              currency: 'USD',
              // Per spot: the budget buys spots at this rate (priced on the order as the CPM it equals).
              fixed_price: toDollars(flatRate),
              min_spend_per_package: Math.ceil(weeklyCostPerDailySpot(d, packageCpmOf(d, length, FLAT_RATE_OPTION_ID))),
            },
          ]),
    ],
    forecast: {
      method: 'guaranteed' as const,
      currency: 'USD',
      forecast_range_unit: 'weekly' as const,
      generated_at: now.toISOString(),
      valid_until: new Date(now.getTime() + PRODUCT_TTL_MS).toISOString(),
      // Per week of the flight: what its remaining spots would deliver and cost.
      points: weeks.map((w) => ({
        budget: Math.round(w.remaining_spots * (perSpot / 1000) * cpm * 100) / 100,
        metrics: {
          impressions: { mid: Math.round(w.remaining_spots * perSpot) },
          spend: { mid: Math.round(w.remaining_spots * (perSpot / 1000) * cpm * 100) / 100 },
        },
      })),
    },
    delivery_measurement: {
      provider: 'Station as-run logs (master control)',
      notes: `${Math.round(perSpot)} impressions per aired spot (${IMPRESSIONS_PER_SPOT} × ${d.multiplier})`,
    },
    expires_at: new Date(now.getTime() + PRODUCT_TTL_MS).toISOString(),
    ext: {
      spotbook: {
        daypart_id: d.id,
        spot_length_seconds: length,
        start_time: d.startTime.slice(0, 5),
        end_time: d.endTime.slice(0, 5),
        days_of_week: d.daysOfWeek,
        max_spots_per_day: d.spotFrequency,
        impressions_per_spot: Math.round(perSpot),
        price_percent_of_30s: lengthPercentOf(d, length),
        ...(flatRate != null && { flat_rate_per_spot: toDollars(flatRate) }),
        weekly_cost_per_daily_spot: Math.round(weekly * 100) / 100,
        flight: { start_date: weeks[0]?.week_start, end_date: weeks.at(-1)?.week_end },
        availability: weeks,
      },
    },
  };
};

export type AdcpProduct = ReturnType<typeof productOf>;

export const listProducts = async ({
  db,
  station,
  filters,
  today,
  now = new Date(),
}: {
  db: Db;
  station: StationIdentity;
  today: string;
  filters?: { start_date?: string; end_date?: string; channels?: string[]; delivery_type?: string; format_ids?: { id: string }[] };
  now?: Date;
}): Promise<AdcpProduct[]> => {
  const flight = flightFrom(filters, today);
  if (filters?.channels && !filters.channels.includes('linear_tv')) return [];
  if (filters?.delivery_type && filters.delivery_type !== 'guaranteed') return [];
  const wanted = filters?.format_ids?.map((f) => f.id);
  const lengths = SPOT_LENGTHS.filter((length) => !wanted || wanted.includes(formatIdOf(length)));
  const rows = await rateCard(db);
  const properties = await channelProperties(db, station);
  const products: AdcpProduct[] = [];
  for (const d of rows) {
    const weeks = await weeklyAvailability(db, d.id, flight);
    const publisherProperties = publisherPropertiesOf(properties, d.channelId, station.publisherDomain);
    for (const length of lengths) products.push(productOf(d, length, station, weeks, now, publisherProperties));
  }
  return products;
};

/**
 * Spot-length pricing on the rate card (decision 035). The spec prices orders by CPM on impressions,
 * which do not depend on a spot's length; a station prices a :15 and a :60 as a percentage of a :30
 * (100, the default, keeps the CPM) and may sell a daypart at a flat rate per :30 spot. AdCP's products
 * and buys read these; an order keeps the spec's weekly-cost rule, its items carrying the CPM that
 * makes it come out at the length's price.
 */
import { IMPRESSIONS_PER_SPOT } from './constants';

export interface LengthRates {
  rate15Percent: number;
  rate60Percent: number;
  /** Per :30 spot; null when the station sets no flat rate. */
  flatRateCents: number | null;
}

export const DEFAULT_LENGTH_PERCENT = 100;
export const MAX_LENGTH_PERCENT = 1000;

/** A length's price as a percentage of a :30's. */
export const lengthPercentOf = (rates: LengthRates, seconds: number) =>
  seconds === 15 ? rates.rate15Percent : seconds === 60 ? rates.rate60Percent : DEFAULT_LENGTH_PERCENT;

/** The CPM of a length, from the daypart's (:30) CPM, rounded to the cent. */
export const lengthCpmCents = (cpmCents: number, rates: LengthRates, seconds: number) => Math.round((cpmCents * lengthPercentOf(rates, seconds)) / 100);

/** The flat rate of one spot of a length, rounded to the cent; null when the daypart has none. */
export const lengthFlatRateCents = (rates: LengthRates, seconds: number) =>
  rates.flatRateCents == null ? null : Math.round((rates.flatRateCents * lengthPercentOf(rates, seconds)) / 100);

/**
 * The CPM at which one spot (1366 × multiplier impressions) costs a flat rate, rounded down to the cent
 * (a spot never costs more than the flat rate, at most a fraction of a cent per thousand less):
 * how an order priced by the spec's weekly-cost rule comes out at the flat rate per spot.
 */
export const cpmCentsForFlatRate = (flatRateCents: number, multiplier: number) => Math.floor((flatRateCents * 1000) / (IMPRESSIONS_PER_SPOT * multiplier));

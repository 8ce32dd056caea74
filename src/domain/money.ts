/** Money is integer cents inside and dollars at the edge; rounding happens here only. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;
/** Rounds a dollar amount to whole cents. */
export const roundDollars = (dollars: number): number => Math.round(dollars * 100) / 100;

/**
 * True when a dollar amount is a whole number of cents (float noise of 1e-6 cent allowed). An amount
 * that is not zero but rounds to zero cents (1e-9) is not: it would reach the database as 0.
 */
export const isWholeCents = (dollars: number): boolean =>
  Number.isFinite(dollars) && Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6 && (dollars === 0 || Math.round(dollars * 100) !== 0);

/** What a money field with a fraction of a cent is told (issue 29, item 7): every money input refuses it. */
export const wholeCentsMessage = (label: string): string => `${label} must have at most 2 decimal places`;

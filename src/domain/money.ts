/** Money is integer cents inside and dollars at the edge; rounding happens here only. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;
/** Rounds a dollar amount to whole cents. */
export const roundDollars = (dollars: number): number => Math.round(dollars * 100) / 100;

/**
 * What the coupons module offers the other modules (issue 39): a coupon read by id, so that no other
 * module names the coupons table. This file imports no other module, so that any module may import it.
 */
import { eq } from 'drizzle-orm';
import { coupons } from '../../db/schema';
import type { Tx } from '../../platform/db';

/** The coupon's code, or undefined when there is no such coupon. */
export const couponCode = async (db: Tx, id: string): Promise<string | undefined> => {
  const [row] = await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, id)).limit(1);
  return row?.code;
};

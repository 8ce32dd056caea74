/** Which channel an order buys (decision 053): what scopes an admin limited to channels. */
import { eq } from 'drizzle-orm';
import { estimates } from '../../db/schema';
import type { Tx } from '../../platform/db';

/** The order's channel; null when no order has this id. */
export const channelOfOrder = async (db: Tx, id: string): Promise<string | null> => {
  const [row] = await db.select({ channelId: estimates.channelId }).from(estimates).where(eq(estimates.id, id)).limit(1);
  return row?.channelId ?? null;
};

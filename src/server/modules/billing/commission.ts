/** An agency's commission on its invoices: the account's rate, copied onto each invoice when it is made. */
import { eq } from 'drizzle-orm';
import { commissionCents } from '../../../domain/billing-delivery';
import { users } from '../../db/schema';
import type { Tx } from '../../platform/db';

/** The commission columns of a new invoice for `customerId` with a gross of `totalCents` (0 for a direct advertiser). */
export const commissionFor = async (tx: Tx, customerId: string, totalCents: number): Promise<{ commissionRate: number; commissionCents: number }> => {
  const [row] = await tx.select({ rate: users.agencyCommissionRate }).from(users).where(eq(users.id, customerId)).limit(1);
  const rate = row?.rate === null || row?.rate === undefined ? 0 : Number(row.rate);
  return { commissionRate: rate, commissionCents: commissionCents(totalCents, rate) };
};

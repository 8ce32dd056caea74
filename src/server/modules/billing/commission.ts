/** An agency's commission on its invoices: the account's rate, copied onto each invoice when it is made. */
import { commissionCents } from '../../../domain/billing-delivery';
import { userSummary } from '../users/public';
import type { Tx } from '../../platform/db';

/** The commission columns of a new invoice for `customerId` with a gross of `totalCents` (0 for a direct advertiser). */
export const commissionFor = async (tx: Tx, customerId: string, totalCents: number): Promise<{ commissionRate: number; commissionCents: number }> => {
  const customer = await userSummary(tx, customerId);
  const rate = customer?.agencyCommissionRate === null || customer?.agencyCommissionRate === undefined ? 0 : Number(customer.agencyCommissionRate);
  return { commissionRate: rate, commissionCents: commissionCents(totalCents, rate) };
};

/** Marking an advertiser account as an agency (decision 014): its commission rate, copied onto each of its new invoices. */
import { eq } from 'drizzle-orm';
import { DELIVERY_MESSAGES } from '../../../domain/billing-delivery';
import { users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';

/** PUT /users/:id/agency (admins): the rate, or null when the account is not an agency. Invoices already made keep theirs. */
export const setAgency = async ({ db, userId, rate }: { db: Db; userId: string; rate: number | null }) => {
  const [row] = await db.transaction((tx) => tx.update(users).set({ agencyCommissionRate: rate }).where(eq(users.id, userId)).returning({ id: users.id }));
  if (!row) throw notFound(DELIVERY_MESSAGES.userNotFound);
};

/**
 * What the payment-methods module offers the other modules (issue 39): whose a card is, read by id, and
 * the cards' labels published for a list that must join them in one statement (published.sql). This
 * file imports no other module, so that any module may import it.
 */
import { eq } from 'drizzle-orm';
import { paymentMethods } from '../../db/schema';
import type { Tx } from '../../platform/db';

export { cardLabelsView } from '../../db/schema';

/** The owner of the card whose id is `id`; undefined when there is none. */
export const cardOwnerOf = async (db: Tx, id: string): Promise<string | undefined> => {
  const [card] = await db.select({ ownerId: paymentMethods.ownerId }).from(paymentMethods).where(eq(paymentMethods.id, id)).limit(1);
  return card?.ownerId;
};

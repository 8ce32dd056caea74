/**
 * Saved cards, kept per advertiser brand and owned by the brand's owner. Each brand with cards has
 * one default; every change of default happens under the brand row's lock, in one transaction.
 */
import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import { CARD_EXPIRED, isCardExpired, type PaymentMethod, type PaymentMethodCreate, type PaymentMethodUpdate } from '../../../domain/payment-method-schemas';
import { isAdmin, type Role } from '../../../domain/roles';
import { paymentMethods } from '../../db/schema';
import { brandSummaries, lockBrand } from '../brands/public';
import type { Db, Tx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';

export interface CardActor {
  id: string;
  role: Role;
}
type CardRow = typeof paymentMethods.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CARD_NOT_FOUND = 'Payment method not found';
const BRAND_NOT_FOUND = 'Brand not found';

const toPaymentMethod = (row: CardRow, brandName: string): PaymentMethod => ({
  id: row.id,
  brand: row.cardBrand,
  last4: row.last4,
  exp_month: row.expMonth,
  exp_year: row.expYear,
  is_default: row.isDefault,
  brand_id: row.brandId,
  brand_name: brandName,
  created_at: row.createdAt.toISOString(),
});

const visibleTo = (actor: CardActor): SQL | undefined => (isAdmin(actor.role) ? undefined : eq(paymentMethods.ownerId, actor.id));
const sameWallet = (card: Pick<CardRow, 'ownerId' | 'brandId'>) => and(eq(paymentMethods.ownerId, card.ownerId), eq(paymentMethods.brandId, card.brandId));

/** The cards matching `where`, each with its brand's name (read from the brands module in one query). */
const selectCards = async (db: Tx, where: SQL | undefined) => {
  const cards = await db
    .select()
    .from(paymentMethods)
    .where(where)
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  const names = await brandSummaries(
    db,
    cards.map((card) => card.brandId),
  );
  return cards.flatMap((card) => {
    const brand = names.get(card.brandId);
    return brand ? [{ card, brandName: brand.commonName }] : [];
  });
};

export const listPaymentMethods = async ({ db, actor, brandId }: { db: Db; actor: CardActor; brandId?: string }): Promise<PaymentMethod[]> => {
  if (brandId !== undefined && !UUID.test(brandId)) return [];
  const rows = await selectCards(db, and(visibleTo(actor), brandId ? eq(paymentMethods.brandId, brandId) : undefined));
  return rows.map((r) => toPaymentMethod(r.card, r.brandName));
};

export const getPaymentMethod = async ({ db, actor, id }: { db: Tx; actor: CardActor; id: string }): Promise<PaymentMethod> => {
  const [row] = await selectCards(db, and(eq(paymentMethods.id, id), visibleTo(actor)));
  if (!row) throw notFound(CARD_NOT_FOUND);
  return toPaymentMethod(row.card, row.brandName);
};

/** Makes the newest card of the wallet (other than `exceptId`) the default, when there is one. */
const promoteNewest = async (tx: Tx, card: Pick<CardRow, 'ownerId' | 'brandId'>, exceptId: string) => {
  const [next] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(sameWallet(card), ne(paymentMethods.id, exceptId)))
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .limit(1);
  if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
  return Boolean(next);
};

export const createPaymentMethod = async ({ db, actor, input }: { db: Db; actor: CardActor; input: PaymentMethodCreate }): Promise<PaymentMethod> => {
  if (isCardExpired(input.exp_month, input.exp_year)) throw badRequest(CARD_EXPIRED);
  if (!UUID.test(input.brand_id)) throw notFound(BRAND_NOT_FOUND);
  return db.transaction(async (tx) => {
    const brand = await lockBrand(tx, input.brand_id, isAdmin(actor.role) ? undefined : actor.id);
    if (!brand) throw notFound(BRAND_NOT_FOUND);
    const wallet = { ownerId: brand.ownerId, brandId: brand.id };
    const [existing] = await tx.select({ id: paymentMethods.id }).from(paymentMethods).where(sameWallet(wallet)).limit(1);
    const makeDefault = input.is_default === true || !existing;
    if (makeDefault) await tx.update(paymentMethods).set({ isDefault: false }).where(sameWallet(wallet));
    const [row] = await tx
      .insert(paymentMethods)
      .values({ ...wallet, cardBrand: input.brand, last4: input.last4, expMonth: input.exp_month, expYear: input.exp_year, isDefault: makeDefault })
      .returning({ id: paymentMethods.id });
    return getPaymentMethod({ db: tx, actor, id: row!.id });
  });
};

/** The caller's card, with its brand locked for the rest of the transaction. */
const lockedCard = async (tx: Tx, actor: CardActor, id: string): Promise<CardRow> => {
  const [found] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), visibleTo(actor)));
  if (!found) throw notFound(CARD_NOT_FOUND);
  await lockBrand(tx, found.brandId); // serialises default changes for one brand's cards
  // Read again under the lock: a concurrent change may have moved the default or removed the card.
  const [card] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  if (!card) throw notFound(CARD_NOT_FOUND);
  return card;
};

export const updatePaymentMethod = async ({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: CardActor;
  id: string;
  input: PaymentMethodUpdate;
}): Promise<PaymentMethod> =>
  db.transaction(async (tx) => {
    const card = await lockedCard(tx, actor, id);
    const expMonth = input.exp_month ?? card.expMonth;
    const expYear = input.exp_year ?? card.expYear;
    if ((input.exp_month !== undefined || input.exp_year !== undefined) && isCardExpired(expMonth, expYear)) throw badRequest(CARD_EXPIRED);
    let isDefault = card.isDefault;
    if (input.is_default === true && !card.isDefault) {
      await tx.update(paymentMethods).set({ isDefault: false }).where(sameWallet(card));
      isDefault = true;
    } else if (input.is_default === false && card.isDefault) {
      // A brand with cards keeps a default: the newest other card takes over, if there is one.
      isDefault = !(await promoteNewest(tx, card, card.id));
    }
    await tx.update(paymentMethods).set({ expMonth, expYear, isDefault }).where(eq(paymentMethods.id, id));
    return getPaymentMethod({ db: tx, actor, id });
  });

export const deletePaymentMethod = async ({ db, actor, id }: { db: Db; actor: CardActor; id: string }): Promise<void> =>
  db.transaction(async (tx) => {
    const card = await lockedCard(tx, actor, id);
    await tx.delete(paymentMethods).where(eq(paymentMethods.id, id));
    if (card.isDefault) await promoteNewest(tx, card, card.id);
  });

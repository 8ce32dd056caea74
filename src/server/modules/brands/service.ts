import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { BRAND_HAS_ORDERS, BRAND_MESSAGES, type Brand, type BrandInput } from '../../../domain/brand-schemas';
import type { KeysetPage } from '../../../domain/list-page';
import { brands } from '../../db/schema';
import { userEmailSql, userSummaries } from '../users/public';
import { ordersView } from '../orders/views';
import { isForeignKeyViolation, type Db, type Tx } from '../../platform/db';
import { allWordsIn, cursorAtSql, nextCursor } from '../../platform/keyset';
import { conflict, notFound } from '../../platform/errors';
import type { Actor } from '../auth/service';

/**
 * The brand's orders. The brand's id is spelled with its table: Drizzle writes a one-table select's
 * columns bare, and a bare "id" here would be the order's.
 */
const orderCount = sql<number>`(select count(*)::int from ${ordersView} where ${ordersView.brandId} = ${sql.identifier('brands')}.${sql.identifier('id')})`;

const brandColumns = {
  brand: brands,
  orderCount,
};

type BrandRow = { brand: typeof brands.$inferSelect; ownerEmail: string; orderCount: number };

/** The rows with their owners' e-mails, read from the users module in one query. */
const withOwnerEmails = async <R extends { brand: { ownerId: string } }>(db: Tx, rows: R[]): Promise<(R & { ownerEmail: string })[]> => {
  const owners = await userSummaries(
    db,
    rows.map((row) => row.brand.ownerId),
  );
  return rows.map((row) => ({ ...row, ownerEmail: owners.get(row.brand.ownerId)?.email ?? '' }));
};

const toBrand = ({ brand, ownerEmail, orderCount: count }: BrandRow): Brand => ({
  id: brand.id,
  common_name: brand.commonName,
  legal_name: brand.legalName,
  address: brand.address,
  phone: brand.phone,
  email: brand.email,
  contact_person: brand.contactPerson,
  contact_first_name: brand.contactFirstName,
  contact_last_name: brand.contactLastName,
  contact_job_title: brand.contactJobTitle,
  product_category: brand.productCategory,
  owner_id: brand.ownerId,
  owner_email: ownerEmail,
  has_orders: Number(count) > 0,
  order_count: Number(count),
  created_at: brand.createdAt.toISOString(),
  updated_at: brand.updatedAt.toISOString(),
});

const isAdminActor = (actor: Actor) => actor.role === 'traffic_admin';
/** Clients reach only their own brands; admins every brand. */
const visibleTo = (actor: Actor) => (isAdminActor(actor) ? undefined : eq(brands.ownerId, actor.id));

const toColumns = (input: Partial<BrandInput>) => ({
  ...(input.common_name !== undefined && { commonName: input.common_name }),
  ...(input.legal_name !== undefined && { legalName: input.legal_name }),
  ...(input.email !== undefined && { email: input.email }),
  ...(input.address !== undefined && { address: input.address }),
  ...(input.phone !== undefined && { phone: input.phone }),
  ...(input.contact_person !== undefined && { contactPerson: input.contact_person }),
  ...(input.contact_first_name !== undefined && { contactFirstName: input.contact_first_name }),
  ...(input.contact_last_name !== undefined && { contactLastName: input.contact_last_name }),
  ...(input.contact_job_title !== undefined && { contactJobTitle: input.contact_job_title }),
  ...(input.product_category !== undefined && { productCategory: input.product_category }),
});

/** What the screen's search reads of a brand: names, contact, e-mail, phone and the owner's e-mail. */
const searchText = sql`concat_ws(' ', ${brands.commonName}, ${brands.legalName}, ${brands.contactPerson}, ${brands.contactFirstName}, ${brands.contactLastName}, ${brands.email}, ${brands.phone}, ${userEmailSql(brands.ownerId)})`;

/** Newest first; without `page` the whole list (the specification's reply), with it one keyset page and the next cursor. */
export const listBrands = async ({ db, actor, ownerId, page }: { db: Db; actor: Actor; ownerId?: string; page?: KeysetPage }) => {
  const query = db
    .select({ ...brandColumns, cursorAt: cursorAtSql(brands.createdAt) })
    .from(brands)
    .where(
      and(
        visibleTo(actor),
        ownerId ? eq(brands.ownerId, ownerId) : undefined,
        page?.after ? sql`(${brands.createdAt}, ${brands.id}) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)` : undefined,
        page ? allWordsIn(searchText, page.words) : undefined,
      ),
    )
    .orderBy(desc(brands.createdAt), desc(brands.id))
    .$dynamic();
  const rows = await withOwnerEmails(db, await (page ? query.limit(page.limit) : query));
  return {
    brands: rows.map(toBrand),
    nextCursor: page
      ? nextCursor(
          rows.map((row) => ({ cursorAt: row.cursorAt, id: row.brand.id })),
          page.limit,
        )
      : undefined,
  };
};

const findBrand = async (db: Tx, actor: Actor, id: string) => {
  const [row] = await db
    .select(brandColumns)
    .from(brands)
    .where(and(eq(brands.id, id), visibleTo(actor)))
    .limit(1);
  if (!row) throw notFound('Brand not found');
  return (await withOwnerEmails(db, [row]))[0]!;
};

export const getBrand = async ({ db, actor, id }: { db: Db; actor: Actor; id: string }) => toBrand(await findBrand(db, actor, id));

/** True when the actor may use the brand (own brand, or any brand for admins); for other modules. */
export const assertBrandAccess = async ({ db, actor, id }: { db: Tx; actor: Actor; id: string }) => {
  await findBrand(db, actor, id);
};

/** One owner's brands have different common names, whatever their case (issue 29, item 17). */
const assertNameFree = async (db: Tx, ownerId: string, name: string, exceptId?: string) => {
  const [taken] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.ownerId, ownerId), sql`lower(${brands.commonName}) = lower(${name})`, exceptId ? ne(brands.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw conflict(BRAND_MESSAGES.duplicateName(name));
};

export const createBrand = async ({ db, actor, input }: { db: Db; actor: Actor; input: BrandInput }) => {
  await assertNameFree(db, actor.id, input.common_name);
  const [row] = await db
    .insert(brands)
    .values({ ...toColumns(input), commonName: input.common_name, legalName: input.legal_name, ownerId: actor.id })
    .returning({ id: brands.id });
  return getBrand({ db, actor, id: row!.id });
};

export const updateBrand = async ({ db, actor, id, input }: { db: Db; actor: Actor; id: string; input: Partial<BrandInput> }) => {
  const current = await findBrand(db, actor, id);
  // A brand with orders keeps the names it was sold under; its contact details may change (issue 29, item 17).
  const renames =
    (input.common_name !== undefined && input.common_name !== current.brand.commonName) ||
    (input.legal_name !== undefined && input.legal_name !== current.brand.legalName);
  if (!isAdminActor(actor) && Number(current.orderCount) > 0 && renames) throw conflict(BRAND_MESSAGES.nameLocked);
  if (input.common_name !== undefined) await assertNameFree(db, current.brand.ownerId, input.common_name, id);
  const columns = toColumns(input);
  if (Object.keys(columns).length > 0) await db.update(brands).set(columns).where(eq(brands.id, id));
  return getBrand({ db, actor, id });
};

export const deleteBrand = async ({ db, actor, id }: { db: Db; actor: Actor; id: string }) => {
  const current = await findBrand(db, actor, id);
  if (Number(current.orderCount) > 0) throw conflict(BRAND_HAS_ORDERS);
  try {
    await db.delete(brands).where(eq(brands.id, id));
  } catch (error) {
    // An order created between the check and the delete.
    if (isForeignKeyViolation(error)) throw conflict(BRAND_HAS_ORDERS);
    throw error;
  }
};

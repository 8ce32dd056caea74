/**
 * What the brands module offers the other modules (issue 39): a brand read, locked or made, by id in
 * batch, and SQL expressions over the brands table written here, so that no other module names the
 * table. Ownership (a client's own brands) is applied by the `ownerId` these take. This file imports no
 * other module, so that any module may import it.
 */
import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { brands } from '../../db/schema';
import type { Tx } from '../../platform/db';

export interface BrandSummary {
  id: string;
  ownerId: string;
  commonName: string;
  legalName: string;
  address: string | null;
}

const summary = { id: brands.id, ownerId: brands.ownerId, commonName: brands.commonName, legalName: brands.legalName, address: brands.address };
const ownedBy = (ownerId: string | undefined) => (ownerId === undefined ? undefined : eq(brands.ownerId, ownerId));

/** Brands by id, in one query: the map has an entry for each id that exists. */
export const brandSummaries = async (db: Tx, ids: readonly (string | null | undefined)[]): Promise<Map<string, BrandSummary>> => {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select(summary).from(brands).where(inArray(brands.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
};

/** One brand, of `ownerId` when given; undefined when there is none. */
export const brandSummary = async (db: Tx, id: string, ownerId?: string): Promise<BrandSummary | undefined> => {
  const [row] = await db
    .select(summary)
    .from(brands)
    .where(and(eq(brands.id, id), ownedBy(ownerId)))
    .limit(1);
  return row;
};

/**
 * Locks one brand (of `ownerId` when given) against deletion and key changes for the caller's
 * transaction (FOR NO KEY UPDATE): what serialises the changes of one brand's cards. Undefined when none.
 */
export const lockBrand = async (tx: Tx, id: string, ownerId?: string): Promise<BrandSummary | undefined> => {
  const [row] = await tx
    .select(summary)
    .from(brands)
    .where(and(eq(brands.id, id), ownedBy(ownerId)))
    .for('no key update');
  return row;
};

/** True in SQL when the brand whose id is `id` belongs to `ownerId`: a client's reach. */
export const brandOwnedBySql = (id: SQLWrapper, ownerId: string): SQL =>
  sql`exists (select 1 from ${brands} where ${brands.id} = ${id} and ${brands.ownerId} = ${ownerId})`;

/** An owner's brands, by common name (at most `limit`). */
export const brandsOfOwner = (db: Tx, ownerId: string, limit: number): Promise<BrandSummary[]> =>
  db.select(summary).from(brands).where(eq(brands.ownerId, ownerId)).orderBy(asc(brands.commonName), asc(brands.id)).limit(limit);

/** An owner's brands of that common name, whatever its case (at most `limit`). */
export const brandsNamed = (db: Tx, ownerId: string, name: string, limit: number): Promise<BrandSummary[]> =>
  db
    .select(summary)
    .from(brands)
    .where(and(eq(brands.ownerId, ownerId), sql`lower(${brands.commonName}) = lower(${name})`))
    .limit(limit);

/** An owner's brand of that common name (whatever its case), made (both names `name`) when there is none. */
export const brandNamedOrMade = async (tx: Tx, ownerId: string, name: string): Promise<string> => {
  const [found] = await brandsNamed(tx, ownerId, name, 1);
  if (found) return found.id;
  const [made] = await tx.insert(brands).values({ ownerId, commonName: name, legalName: name }).returning({ id: brands.id });
  return made!.id;
};

/** An owner's first brand (the oldest), made (both names what `nameOf` answers) when the owner has none. */
export const firstBrandOrMade = async (tx: Tx, ownerId: string, nameOf: () => Promise<string>): Promise<string> => {
  const [first] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.ownerId, ownerId)).orderBy(brands.createdAt).limit(1);
  if (first) return first.id;
  const name = await nameOf();
  const [made] = await tx.insert(brands).values({ ownerId, commonName: name, legalName: name }).returning({ id: brands.id });
  return made!.id;
};

/** The common name of the brand whose id is `id`, as an SQL expression to filter or sort on (null: none). */
export const brandNameSql = (id: SQLWrapper): SQL<string | null> => sql<string | null>`(select ${brands.commonName} from ${brands} where ${brands.id} = ${id})`;

/** Brands' product categories by id, in one query (decision 059): an entry for each id that exists, null when it has none. */
export const brandProductCategories = async (db: Tx, ids: readonly (string | null | undefined)[]): Promise<Map<string, string | null>> => {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: brands.id, category: brands.productCategory }).from(brands).where(inArray(brands.id, wanted));
  return new Map(rows.map((row) => [row.id, row.category]));
};

/** Brands' names and owners, published for a list that must join and search them in one statement (published.sql). */
export { brandNamesView } from '../../db/schema';

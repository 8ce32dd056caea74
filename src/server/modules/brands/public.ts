/**
 * What the brands module offers the other modules (issue 39): a brand read, locked or made, by id in
 * batch, and SQL expressions over the brands table written here, so that no other module names the
 * table. Ownership (a client's own brands) is applied by the `ownerId` these take. This file imports no
 * other module, so that any module may import it.
 */
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/** What other modules may read of API keys: their names and prefixes (the audit trail shows them, issue 40). */
import { inArray } from 'drizzle-orm';
import { apiKeys } from '../../db/schema';
import type { Tx } from '../../platform/db';

export interface ApiKeyLabel {
  id: string;
  name: string;
  prefix: string;
}

/** The keys of these ids (revoked ones too), by id; an id that names no key is left out. */
export const apiKeyLabels = async (db: Tx, ids: readonly string[]): Promise<Map<string, ApiKeyLabel>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix })
    .from(apiKeys)
    .where(inArray(apiKeys.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
};

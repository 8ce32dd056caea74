/**
 * Keyset pages of the lists the specification answers whole (brands, users; issue 28). Without
 * `limit`, `after` or `search` those calls answer their whole list as before; with any of them, a
 * page of at most `limit` rows, newest first, and the X-Next-Cursor header when the page is full.
 * The cursor is the same as Order Management's (decision 016): the last row's creation time in UTC
 * to the microsecond and its id.
 */
import { z } from 'zod';
import { ESTIMATE_MESSAGES, LIST_CURSOR, MAX_SEARCH } from './estimate-schemas';

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 1000;

const digits = (value: unknown) => (typeof value === 'string' && /^\s*-?\d{1,20}(\.\d{1,20})?\s*$/.test(value) ? Number(value) : value);

export const keysetPageQuerySchema = z.object({
  limit: z
    .preprocess(
      digits,
      z
        .number({ error: 'limit must be a whole number' })
        .int('limit must be a whole number')
        .min(1, 'limit must be at least 1')
        .max(PAGE_LIMIT_MAX, `limit must be at most ${PAGE_LIMIT_MAX}`),
    )
    .optional(),
  after: z.string({ error: ESTIMATE_MESSAGES.badCursor }).regex(LIST_CURSOR, ESTIMATE_MESSAGES.badCursor).optional(),
  search: z.string({ error: 'search must be text' }).trim().max(MAX_SEARCH, `search must be at most ${MAX_SEARCH} characters`).optional(),
});
export type KeysetPageQuery = z.infer<typeof keysetPageQuerySchema>;

/** A page to read, or undefined for the whole list (none of the three parameters given). */
export type KeysetPage = { limit: number; after?: { at: string; id: string }; words: string[] };

export const keysetPage = (query: KeysetPageQuery): KeysetPage | undefined => {
  if (query.limit === undefined && query.after === undefined && query.search === undefined) return undefined;
  const [at, id] = query.after?.split('_') ?? [];
  return {
    limit: query.limit ?? PAGE_LIMIT_DEFAULT,
    after: at && id ? { at, id } : undefined,
    words: (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean),
  };
};

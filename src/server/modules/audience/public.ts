/**
 * The audience module's doors (issue 43, decision 057): the orders module freezes a line's audience
 * when its order is booked and thaws it when the order goes back before booking, as it does the rate.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { bookRatings, books, lineAudiences } from '../../db/schema';
import type { Tx } from '../../platform/db';

/** A line to freeze: its id (an estimate item today) and the daypart its audience is read on. */
export interface LineToFreeze {
  lineId: string;
  daypartId: string;
}

/** The channel's current book, or null. */
export const currentBook = async (db: Tx, channelId: string) => {
  const [book] = await db
    .select({ id: books.id, name: books.name })
    .from(books)
    .where(and(eq(books.channelId, channelId), eq(books.isCurrent, true)))
    .limit(1);
  return book ?? null;
};

/** A book's ratings of some dayparts, on one demo or (none given) every demo. */
export const ratingsOf = (db: Tx, bookId: string, daypartIds: readonly string[], demo?: string) =>
  db
    .select()
    .from(bookRatings)
    .where(and(eq(bookRatings.bookId, bookId), demo === undefined ? undefined : eq(bookRatings.demo, demo), inArray(bookRatings.daypartId, [...daypartIds])));

/**
 * Stamps each line not yet frozen with every demo its daypart has in the channel's current book
 * (nothing when the channel has no current book, or the book lacks the daypart).
 */
export const freezeLineAudiences = async (tx: Tx, estimateId: string, channelId: string, lines: readonly LineToFreeze[]) => {
  if (lines.length === 0) return;
  const book = await currentBook(tx, channelId);
  if (!book) return;
  const frozen = new Set(
    (await tx.selectDistinct({ lineId: lineAudiences.lineId }).from(lineAudiences).where(eq(lineAudiences.estimateId, estimateId))).map((r) => r.lineId),
  );
  const open = lines.filter((l) => !frozen.has(l.lineId));
  if (open.length === 0) return;
  const ratings = await ratingsOf(
    tx,
    book.id,
    open.map((l) => l.daypartId),
  );
  const rows = open.flatMap((line) =>
    ratings
      .filter((r) => r.daypartId === line.daypartId)
      .map((r) => ({ estimateId, lineId: line.lineId, bookId: book.id, bookName: book.name, demo: r.demo, rating: r.rating, impressions: r.impressions })),
  );
  if (rows.length > 0) await tx.insert(lineAudiences).values(rows).onConflictDoNothing();
};

/** The order's lines read the current book again (its order went back before booking). */
export const thawLineAudiences = async (tx: Tx, estimateId: string) => {
  await tx.delete(lineAudiences).where(eq(lineAudiences.estimateId, estimateId));
};

/** The channel a book is of; null when no book has this id (the channel scope's lookup). */
export const channelOfBook = async (db: Tx, id: string): Promise<string | null> => {
  const [book] = await db.select({ channelId: books.channelId }).from(books).where(eq(books.id, id)).limit(1);
  return book?.channelId ?? null;
};

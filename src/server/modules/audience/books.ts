/** Ratings books (issue 43, decision 057): import a channel's book from CSV, list them, make one current, name a month's post book. */
import { parse } from 'csv-parse/sync';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { AUDIENCE_MESSAGES, BOOK_COLUMNS, readBookRow, type Book, type BookFields, type BookRow } from '../../../domain/audience-schemas';
import { adminChannels, type OrderActor } from '../../../domain/orders';
import { bookRatings, bookUniverses, books, postBooks } from '../../db/schema';
import { isUniqueViolation, type Db, type Tx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { channelForAdmin, channelsInScope } from '../channels/public';
import { rateCard, type DaypartRow } from '../dayparts/public';
import { readProposalBook } from '../../../domain/proposal-book';
import { ProposalError, readProposal } from '../../../domain/proposal-read';
import { readXmlTree } from '../../platform/xml-tree';
import { headerKey } from '../../../domain/csv-header';

/** The most rows one book holds (dayparts × demos of a channel is a few thousand). */
export const MAX_BOOK_ROWS = 50_000;

/**
 * Reads a book's CSV: the header names the columns (any order, other columns ignored), each row is
 * checked, and the first problem is refused naming its line (the header is line 1).
 */
export const readBookCsv = (text: string, daypartIds: ReadonlyMap<string, string>) => {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true, bom: true });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badRequest(`${line ? `Line ${line}: ` : ''}the file could not be read as CSV`, 'file');
  }
  const header = (records[0] ?? []).map(headerKey);
  const missing = BOOK_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) throw badRequest(`Line 1: the header must name the columns ${BOOK_COLUMNS.join(', ')} (missing: ${missing.join(', ')})`, 'file');
  if (records.length < 2) throw badRequest(AUDIENCE_MESSAGES.noRows, 'file');
  if (records.length - 1 > MAX_BOOK_ROWS) throw badRequest(`A book holds at most ${MAX_BOOK_ROWS} rows`, 'file');
  const rows: (BookRow & { daypartId: string })[] = [];
  const universes = new Map<string, { universe: number; line: number }>();
  const seen = new Map<string, number>();
  records.slice(1).forEach((record, index) => {
    const line = index + 2;
    const cells = Object.fromEntries(header.map((key, i) => [key, record[i]]));
    const row = readBookRow(cells, line);
    if (typeof row === 'string') throw badRequest(row, 'file');
    const daypartId = daypartIds.get(row.daypart.toLowerCase());
    if (!daypartId) throw badRequest(`Line ${line}: this channel has no daypart named "${row.daypart}"`, 'file');
    const key = `${daypartId} ${row.demo}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) throw badRequest(`Line ${line}: ${row.daypart} ${row.demo} is already on line ${earlier}`, 'file');
    seen.set(key, line);
    const universe = universes.get(row.demo);
    if (universe && universe.universe !== row.universe)
      throw badRequest(`Line ${line}: the universe of ${row.demo} is ${universe.universe} on line ${universe.line}, not ${row.universe}`, 'file');
    if (!universe) universes.set(row.demo, { universe: row.universe, line });
    rows.push({ ...row, daypartId });
  });
  return { rows, universes: [...universes.entries()].map(([demo, u]) => ({ demo, universe: u.universe })) };
};

type BookRowDb = typeof books.$inferSelect;

const toBooks = async (db: Tx, rows: readonly BookRowDb[]): Promise<Book[]> => {
  const ids = rows.map((b) => b.id);
  if (ids.length === 0) return [];
  const [months, demos, sizes] = await Promise.all([
    db.select().from(postBooks).where(inArray(postBooks.bookId, ids)).orderBy(asc(postBooks.month)),
    db.select().from(bookUniverses).where(inArray(bookUniverses.bookId, ids)).orderBy(asc(bookUniverses.demo)),
    db.select({ bookId: bookRatings.bookId, rows: count() }).from(bookRatings).where(inArray(bookRatings.bookId, ids)).groupBy(bookRatings.bookId),
  ]);
  return rows.map((b) => ({
    id: b.id,
    channel_id: b.channelId,
    name: b.name,
    rating_service: b.ratingService,
    geography: b.geography,
    survey_period: b.surveyPeriod,
    is_current: b.isCurrent,
    post_months: months.filter((m) => m.bookId === b.id).map((m) => m.month),
    demos: demos.filter((d) => d.bookId === b.id).map((d) => d.demo),
    rows: sizes.find((s) => s.bookId === b.id)?.rows ?? 0,
    created_at: b.createdAt.toISOString(),
  }));
};

/** The books of the channels the admin runs (or of the one named), newest first. */
export const listBooks = async (db: Tx, actor: OrderActor, channelId: string | undefined): Promise<Book[]> => {
  const scope = await channelsInScope(db, actor, channelId);
  const rows = await db
    .select()
    .from(books)
    .where(scope === null ? undefined : inArray(books.channelId, [...scope]))
    .orderBy(desc(books.createdAt), asc(books.name));
  return toBooks(db, rows);
};

/** A book of the channels this admin runs, locked; 404 otherwise. */
const lockBookOfAdmin = async (tx: Tx, actor: OrderActor, id: string) => {
  const [book] = await tx.select().from(books).where(eq(books.id, id)).limit(1).for('update');
  const allowed = adminChannels(actor);
  if (!book || (allowed !== null && !allowed.includes(book.channelId))) throw notFound(AUDIENCE_MESSAGES.bookNotFound);
  return book;
};

const makeCurrent = async (tx: Tx, book: Pick<BookRowDb, 'id' | 'channelId'>) => {
  await tx
    .update(books)
    .set({ isCurrent: false, updatedAt: new Date() })
    .where(and(eq(books.channelId, book.channelId), eq(books.isCurrent, true), ne(books.id, book.id)));
  await tx.update(books).set({ isCurrent: true, updatedAt: new Date() }).where(eq(books.id, book.id));
};

/** A Proposal XML's DemoValues read as a book of the channel's dayparts (decision 057); 400 naming the problem. */
const readBookProposal = (xml: string, channelDayparts: readonly DaypartRow[]) => {
  const refuse = (problem: string) => badRequest(`The file is not a Proposal XML Spotbook can read: ${problem}`, 'file');
  const root = readXmlTree(xml, refuse);
  try {
    readProposal(root);
  } catch (error) {
    if (error instanceof ProposalError) throw refuse(error.message);
    throw error;
  }
  const book = readProposalBook(root, channelDayparts);
  if (typeof book === 'string') throw badRequest(book, 'file');
  return book;
};

/** A book file: CSV, or (its name, type or first character says so) a Proposal XML. */
export interface BookFile {
  text: string;
  xml: boolean;
}

/** POST /books: the whole file is checked before anything is written, and written in one transaction. */
export const importBook = async ({ db, actor, fields, file }: { db: Db; actor: OrderActor; fields: BookFields; file: BookFile }): Promise<Book> => {
  const channel = await channelForAdmin(db, actor, fields.channel_id);
  const channelDayparts = (await rateCard(db)).filter((d) => d.channelId === channel.id);
  const daypartIds = new Map(channelDayparts.map((d) => [d.name.toLowerCase(), d.id]));
  const { rows, universes } = file.xml ? readBookProposal(file.text, channelDayparts) : readBookCsv(file.text, daypartIds);
  try {
    const id = await db.transaction(async (tx) => {
      const [book] = await tx
        .insert(books)
        .values({
          channelId: channel.id,
          name: fields.name,
          ratingService: fields.rating_service,
          geography: fields.geography ?? null,
          surveyPeriod: fields.survey_period,
          createdBy: actor.id,
        })
        .returning({ id: books.id });
      await tx.insert(bookUniverses).values(universes.map((u) => ({ bookId: book!.id, ...u })));
      for (let i = 0; i < rows.length; i += 1000) {
        await tx
          .insert(bookRatings)
          .values(
            rows.slice(i, i + 1000).map((r) => ({ bookId: book!.id, daypartId: r.daypartId, demo: r.demo, rating: r.rating, impressions: r.impressions })),
          );
      }
      // The channel's first book is its current book; a later one when the upload asks.
      const [current] = await tx
        .select({ id: books.id })
        .from(books)
        .where(and(eq(books.channelId, channel.id), eq(books.isCurrent, true)))
        .limit(1);
      if (!current || fields.is_current === 'true') await makeCurrent(tx, { id: book!.id, channelId: channel.id });
      return book!.id;
    });
    const [row] = await db.select().from(books).where(eq(books.id, id));
    return (await toBooks(db, [row!]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AUDIENCE_MESSAGES.duplicateBook);
    throw error;
  }
};

/** PATCH /books/:id {is_current: true}: the book becomes its channel's current book, the former one stops being it. */
export const makeBookCurrent = async (db: Db, actor: OrderActor, id: string): Promise<Book> => {
  await db.transaction(async (tx) => makeCurrent(tx, await lockBookOfAdmin(tx, actor, id)));
  const [row] = await db.select().from(books).where(eq(books.id, id));
  return (await toBooks(db, [row!]))[0]!;
};

/** PUT /post-books/:month {book_id}: the book its channel's post-buys value that broadcast month's spots on. */
export const setPostBook = async (db: Db, actor: OrderActor, month: string, bookId: string) =>
  db.transaction(async (tx) => {
    const book = await lockBookOfAdmin(tx, actor, bookId);
    await tx
      .insert(postBooks)
      .values({ channelId: book.channelId, month, bookId: book.id })
      .onConflictDoUpdate({ target: [postBooks.channelId, postBooks.month], set: { bookId: book.id, updatedAt: new Date() } });
    return { channel_id: book.channelId, month, book_id: book.id, book_name: book.name };
  });

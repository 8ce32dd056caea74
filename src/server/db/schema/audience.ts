/** Ratings books, their universes and ratings, post books, and the audience frozen on booked lines (decision 057). */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns';
import { users } from './people';
import { channels, dayparts } from './station';
import { estimates } from './orders';

/** A ratings book of one channel (issue 43, decision 057): at most one current book a channel. */
export const books = pgTable(
  'books',
  {
    id: id(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    ratingService: text('rating_service').notNull(),
    geography: text('geography'),
    surveyPeriod: text('survey_period').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('books_name_key').on(t.channelId, sql`lower(${t.name})`),
    uniqueIndex('books_current_key')
      .on(t.channelId)
      .where(sql`${t.isCurrent}`),
  ],
);

/** A book's universe of each demo, thousands. */
export const bookUniverses = pgTable(
  'book_universes',
  {
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    demo: text('demo').notNull(),
    universe: doublePrecision('universe').notNull(),
  },
  (t) => [primaryKey({ name: 'book_universes_pkey', columns: [t.bookId, t.demo] }), check('book_universes_universe_check', sql`${t.universe} > 0`)],
);

/** A book's rating (points) and impressions (thousands) a spot, per daypart and demo. */
export const bookRatings = pgTable(
  'book_ratings',
  {
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    daypartId: uuid('daypart_id')
      .notNull()
      .references(() => dayparts.id, { onDelete: 'cascade' }),
    demo: text('demo').notNull(),
    rating: doublePrecision('rating').notNull(),
    impressions: doublePrecision('impressions').notNull(),
  },
  (t) => [
    primaryKey({ name: 'book_ratings_pkey', columns: [t.bookId, t.daypartId, t.demo] }),
    check('book_ratings_values_check', sql`${t.rating} >= 0 AND ${t.rating} <= 100 AND ${t.impressions} >= 0`),
  ],
);

/** The book a channel's post-buys value a broadcast month's spots on. */
export const postBooks = pgTable(
  'post_books',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'restrict' }),
    month: text('month').notNull(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'post_books_pkey', columns: [t.channelId, t.month] }), index('post_books_book_id_idx').on(t.bookId)],
);

/**
 * The audience an order line was booked with, per demo (frozen like the booked rate, decision 029):
 * `line_id` is the line's id (an estimate item today), with no foreign key so any kind of line fits.
 */
export const lineAudiences = pgTable(
  'line_audiences',
  {
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    lineId: uuid('line_id').notNull(),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    bookName: text('book_name').notNull(),
    demo: text('demo').notNull(),
    rating: doublePrecision('rating').notNull(),
    impressions: doublePrecision('impressions').notNull(),
  },
  (t) => [primaryKey({ name: 'line_audiences_pkey', columns: [t.lineId, t.demo] }), index('line_audiences_estimate_id_idx').on(t.estimateId)],
);

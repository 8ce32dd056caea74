/**
 * A channel's current book on one demo, per daypart (issue 43): what the order form multiplies by its
 * spots to show GRPs and CPP as they are typed. Anyone signed in plans on the station's book (avails carry
 * the same figures); a limited admin reads only their channels'.
 */
import { and, eq } from 'drizzle-orm';
import type { BookRatings } from '../../../domain/audience-schemas';
import type { OrderActor } from '../../../domain/orders';
import { isAdmin } from '../../../domain/roles';
import { bookRatings } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { channelForAdmin, channelToActOn } from '../channels/public';
import { currentBook } from './public';

export const channelBookRatings = async (db: Tx, actor: OrderActor, channelId: string | undefined, demo: string): Promise<BookRatings> => {
  const channel = isAdmin(actor.role) ? await channelForAdmin(db, actor, channelId) : await channelToActOn(db, channelId);
  const book = await currentBook(db, channel.id);
  const ratings = book
    ? await db
        .select({ daypart_id: bookRatings.daypartId, rating: bookRatings.rating, impressions: bookRatings.impressions })
        .from(bookRatings)
        .where(and(eq(bookRatings.bookId, book.id), eq(bookRatings.demo, demo)))
    : [];
  return { channel_id: channel.id, demo, book_name: book?.name ?? null, ratings };
};

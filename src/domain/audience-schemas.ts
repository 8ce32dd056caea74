/**
 * Ratings books, demos, an order's audience and its post-buy, as the API takes and answers them (issue 43,
 * decision 057). Impressions are in thousands everywhere, as books print them.
 */
import { z } from 'zod';
import { isBroadcastMonthKey } from './broadcast-calendar';
import { COMMON_DEMOS, DEMO_GROUPS, DEMO_MESSAGE, normalizeDemo } from './demos';

export const AUDIENCE_MESSAGES = {
  bookNotFound: 'Book not found',
  bookChannel: 'This book belongs to another channel than the one named',
  duplicateBook: 'This channel already has a book of that name',
  month: 'A broadcast month is written YYYY-MM',
  onlyCurrent: 'A book is made current with is_current: true; making another current replaces it',
  noRows: 'The book has no rows',
  fileMissing: 'Send the book as multipart/form-data: fields name, rating_service, survey_period (and geography, channel_id) before the file "file"',
  guaranteeBoth: 'A guarantee names impressions or GRPs, not both',
  guaranteeNone: 'A guarantee names impressions or GRPs',
  aduNotSold: 'ADUs are offered on a booked or completed order',
  aduNoGuarantee: 'This order has no audience guarantee, so no ADUs are owed',
  aduMet: 'This order meets its audience guarantee: no ADUs are owed',
  aduUnsized: 'No daypart of this order has a figure for the guarantee demo on the current book, so ADUs cannot be sized',
  aduAllOffered: 'The ADUs that cover the shortfall are already offered or accepted',
  aduNoRoom: (daypart: string) => `No free spot in ${daypart} from tomorrow to 14 days after the flight: no ADU could be offered`,
  aduOffered: (spots: number, daypart: string) =>
    `${spots === 1 ? '1 ADU' : `${spots} ADUs`} offered in ${daypart}; the advertiser accepts or declines them on the order`,
} as const;

/** A demo in buyers' notation, read as its canonical form (`a25-54` → `A25-54`). */
export const demoText = z
  .string({ error: DEMO_MESSAGE })
  .max(12, DEMO_MESSAGE)
  .transform((text, ctx) => {
    const demo = normalizeDemo(text);
    if (demo === null) ctx.addIssue({ code: 'custom', message: DEMO_MESSAGE });
    return demo ?? '';
  });

export const demoListSchema = z.object({
  groups: z.array(z.object({ letter: z.string(), group: z.string() })),
  common: z.array(z.string()),
  notation: z.string(),
});

export const demoList = () => ({
  groups: Object.entries(DEMO_GROUPS).map(([letter, group]) => ({ letter, group })),
  common: [...COMMON_DEMOS],
  notation: DEMO_MESSAGE,
});

const shortText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The upload's fields beside the CSV file. */
export const bookFieldsSchema = z.strictObject({
  name: shortText('Name', 100),
  rating_service: shortText('Rating service', 100),
  survey_period: shortText('Survey period', 100),
  geography: shortText('Geography', 100).optional(),
  channel_id: z.uuid({ error: 'Channel not found' }).optional(),
  is_current: z.enum(['true', 'false'], { error: 'is_current must be true or false' }).optional(),
});
export type BookFields = z.infer<typeof bookFieldsSchema>;

export const bookSchema = z.object({
  id: z.uuid(),
  channel_id: z.uuid(),
  name: z.string(),
  rating_service: z.string(),
  geography: z.string().nullable(),
  survey_period: z.string(),
  is_current: z.boolean(),
  /** Broadcast months (YYYY-MM) this book is the post book of. */
  post_months: z.array(z.string()),
  demos: z.array(z.string()),
  rows: z.number().int(),
  created_at: z.string(),
});
export type Book = z.infer<typeof bookSchema>;

export const bookListQuerySchema = z.strictObject({ channel_id: z.uuid({ error: 'Channel not found' }).optional() });

export const bookUpdateSchema = z.strictObject({
  is_current: z.literal(true, { error: AUDIENCE_MESSAGES.onlyCurrent }),
});

export const monthParams = z.object({
  month: z.string().refine(isBroadcastMonthKey, AUDIENCE_MESSAGES.month),
});

export const postBookBodySchema = z.strictObject({ book_id: z.uuid({ error: AUDIENCE_MESSAGES.bookNotFound }) });

export const postBookSchema = z.object({ channel_id: z.uuid(), month: z.string(), book_id: z.uuid(), book_name: z.string() });

/** An audience guarantee on an order: impressions (thousands) or GRPs on one demo; null removes it. */
export const guaranteeInputSchema = z
  .strictObject({
    demo: demoText,
    impressions: z.number({ error: 'impressions must be a number' }).positive('impressions must be above 0').max(1e9).optional(),
    grps: z.number({ error: 'grps must be a number' }).positive('grps must be above 0').max(1e6).optional(),
  })
  .superRefine((g, ctx) => {
    if (g.impressions !== undefined && g.grps !== undefined) ctx.addIssue({ code: 'custom', message: AUDIENCE_MESSAGES.guaranteeBoth, path: ['grps'] });
    if (g.impressions === undefined && g.grps === undefined) ctx.addIssue({ code: 'custom', message: AUDIENCE_MESSAGES.guaranteeNone, path: ['impressions'] });
  });

export const guaranteeReplySchema = z.object({ demo: z.string(), impressions: z.number().nullable(), grps: z.number().nullable() });

const figures = {
  spots: z.number().int(),
  cost_cents: z.number().int(),
  grps: z.number(),
  impressions: z.number(),
  cpp_cents: z.number().int().nullable(),
  cpm_cents: z.number().int().nullable(),
};
export const figuresSchema = z.object(figures);

export const audienceQuerySchema = z.strictObject({ demo: demoText.optional() });

export const audienceSchema = z.object({
  estimate_id: z.uuid(),
  demo: z.string().nullable(),
  target_demo: z.string().nullable(),
  /** The book the figures come from: the one frozen at booking, else the channel's current book. */
  book_name: z.string().nullable(),
  frozen: z.boolean(),
  lines: z.array(z.object({ id: z.string(), label: z.string(), rating: z.number().nullable(), impressions_per_spot: z.number().nullable(), ...figures })),
  weeks: z.array(z.object({ week_start: z.string(), ...figures })),
  total: figuresSchema,
});
export type Audience = z.infer<typeof audienceSchema>;

const compared = z.object({ ordered: figuresSchema, delivered: figuresSchema, percent_delivered: z.number().nullable() });

export const postBuySchema = z.object({
  estimate_id: z.uuid(),
  demo: z.string().nullable(),
  /** What the percentages measure: the guarantee's measure, else impressions. */
  measure: z.enum(['impressions', 'grps']),
  lines: z.array(compared.extend({ id: z.string(), label: z.string() })),
  weeks: z.array(compared.extend({ week_start: z.string() })),
  total: compared,
  /** Aired spots no post book values (their month has none, or the book lacks the line's daypart). */
  unvalued_spots: z.number().int(),
  guarantee: guaranteeReplySchema.nullable(),
  /** The guarantee's shortfall, in its measure; 0 when met. */
  shortfall: z.number().nullable(),
  /** ADUs proposed to cover the shortfall: spots in the order's daypart that delivers most on the current book. */
  adus: z
    .object({
      spots: z.number().int(),
      daypart_id: z.string(),
      /** The order line the ADUs are of: a daypart item, or a schedule line (issue 42). */
      line_id: z.string(),
      label: z.string(),
      per_spot: z.number(),
      /**
       * ADUs owed and not counted in the delivery yet: offered and not yet answered, accepted and not yet aired, or aired
       * in a month whose post book has no figure for them (POST /estimates/:id/adus offers the rest).
       */
      pending: z.number().int(),
    })
    .nullable(),
});
export type PostBuy = z.infer<typeof postBuySchema>;

/** POST /estimates/:id/adus: what was offered (the offers are listed with the order's makegoods). */
export const aduOfferReplySchema = z.object({
  message: z.string(),
  /** ADUs offered now (fewer than owed when the daypart's days are full). */
  offered: z.number().int(),
  /** ADUs the shortfall needs in all, and those still not offered. */
  owed: z.number().int(),
  not_offered: z.number().int(),
});
export type AduOfferReply = z.infer<typeof aduOfferReplySchema>;

/** A book's CSV columns (header names, any case; other columns are ignored). */
export const BOOK_COLUMNS = ['daypart', 'demo', 'rating', 'impressions', 'universe'] as const;

export interface BookRow {
  line: number;
  daypart: string;
  demo: string;
  rating: number;
  impressions: number;
  universe: number;
}

const NUMBER = /^\d+(\.\d+)?$/;

/** One CSV row of a book read, or the message naming what is wrong with it. */
export const readBookRow = (cells: Record<string, string | undefined>, line: number): BookRow | string => {
  const at = `Line ${line}: `;
  const daypart = (cells.daypart ?? '').trim();
  if (!daypart) return `${at}daypart is required`;
  const demo = normalizeDemo(cells.demo ?? '');
  if (!demo) return `${at}"${(cells.demo ?? '').trim()}" is not a demo. ${DEMO_MESSAGE}`;
  const numbers: Record<'rating' | 'impressions' | 'universe', number> = { rating: 0, impressions: 0, universe: 0 };
  for (const key of ['rating', 'impressions', 'universe'] as const) {
    const text = (cells[key] ?? '').trim().replace(/,/g, '');
    if (!NUMBER.test(text)) return `${at}${key} must be a number (got "${(cells[key] ?? '').trim()}")`;
    numbers[key] = Number(text);
  }
  if (numbers.rating > 100) return `${at}rating must be at most 100`;
  if (numbers.universe <= 0) return `${at}universe must be above 0`;
  return { line, daypart, demo, ...numbers };
};

/** GET /book-ratings: a channel's current book on one demo (the order form's live GRPs and CPP). */
export const bookRatingsQuerySchema = z.object({ channel_id: z.uuid({ error: 'channel_id must be a channel id' }).optional(), demo: demoText });

export const bookRatingsSchema = z.object({
  channel_id: z.uuid(),
  demo: z.string(),
  /** Null when the channel has no current book. */
  book_name: z.string().nullable(),
  /** Per daypart of the book: a spot's rating and impressions (thousands) on the demo. */
  ratings: z.array(z.object({ daypart_id: z.uuid(), rating: z.number(), impressions: z.number() })),
});
export type BookRatings = z.infer<typeof bookRatingsSchema>;

import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookRatingsQuerySchema,
  bookRatingsSchema,
  AUDIENCE_MESSAGES,
  aduOfferReplySchema,
  audienceQuerySchema,
  audienceSchema,
  bookFieldsSchema,
  bookListQuerySchema,
  bookSchema,
  bookUpdateSchema,
  demoList,
  demoListSchema,
  monthParams,
  postBookBodySchema,
  postBookSchema,
  postBuySchema,
} from '../../../domain/audience-schemas';
import { errorReplySchema } from '../../../domain/auth';
import { ESTIMATE_MESSAGES } from '../../../domain/estimate-schemas';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors';
import { actorOf, type Guards } from '../auth/guard';
import { offerOrderAdus } from './adus';
import { channelBookRatings } from './book-ratings';
import { importBook, listBooks, makeBookCurrent, setPostBook } from './books';
import { orderAudience } from './order-audience';
import { renderOrderPdf } from './order-pdf';
import { renderPostBuyPdf } from './post-buy-pdf';
import { documentChannel } from '../channels/public';
import { readableOrder } from '../orders/public';
import { getStationProfile } from '../station/service';
import { postBuy, postBuyCsv } from './post-buy';

const MAX_BOOK_BYTES = 10 * 1024 * 1024;
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 413: errorReplySchema };
const tags = { tags: ['audience'], security: [{ bearerAuth: [] }] };
const bookParams = z.object({ id: z.uuid({ error: AUDIENCE_MESSAGES.bookNotFound }) });
const orderParams = z.object({ id: z.uuid({ error: ESTIMATE_MESSAGES.notFound }) });

const fieldValue = (field: unknown) => (field && typeof field === 'object' && 'value' in field && typeof field.value === 'string' ? field.value : undefined);

/** Demos, ratings books and post books (admins), an order's audience and post-buy (its owner and admins): issue 43, decision 057. */
export const audienceRoutes = async (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/demos',
    {
      onRequest: guards.signedIn,
      schema: {
        ...tags,
        description: 'The demo groups and notation (HH, A25-54, M18+, WW25-54…), and the demos asked for most.',
        response: { 200: demoListSchema, ...errors },
      },
    },
    () => demoList(),
  );

  r.get(
    '/book-ratings',
    {
      onRequest: guards.signedIn,
      schema: {
        ...tags,
        description:
          'A channel’s current book on one demo (default channel when none is named): per daypart, a spot’s rating and impressions (thousands); no ratings when the channel has no current book. The order form’s live GRPs and CPP.',
        querystring: bookRatingsQuerySchema,
        response: { 200: bookRatingsSchema, ...errors },
      },
    },
    (request) => channelBookRatings(ctx.db, actorOf(request), request.query.channel_id, request.query.demo),
  );

  r.get(
    '/books',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description: 'Ratings books of the channels the admin runs (or of `channel_id`), newest first.',
        querystring: bookListQuerySchema,
        response: { 200: z.array(bookSchema), ...errors },
      },
    },
    (request) => listBooks(ctx.db, actorOf(request), request.query.channel_id),
  );

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fileSize: MAX_BOOK_BYTES, fields: 8, parts: 9 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/books',
      {
        onRequest: guards.adminOnly,
        bodyLimit: MAX_BOOK_BYTES + 64 * 1024,
        schema: {
          ...tags,
          consumes: ['multipart/form-data'],
          description:
            'Imports a ratings book (admins). Multipart fields before the file: `name`, `rating_service`, `survey_period`, optional `geography`, `channel_id` (default: the default channel) and `is_current` (true makes it current; a channel’s first book is current). The `file` is CSV with a header naming `daypart` (the daypart’s name on the channel), `demo` (HH, A25-54, M18+…), `rating` (points), `impressions` and `universe` (thousands); other columns are ignored. Or it is an AAAA Proposal XML (a `.xml` name, an XML type, or text starting with `<`): each line’s DemoValues (its own, else its first period’s) are read for the line’s daypart (its DaypartName, else the daypart holding its days and times), a `Rating` category as the rating and an `Impression` category as impressions (thousands); every demo needs both, its universe being impressions × 100 ÷ rating. The whole file is checked first: a bad line is refused naming it, and nothing is kept.',
          response: { 201: bookSchema, ...errors },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw badRequest(AUDIENCE_MESSAGES.fileMissing);
        let file;
        try {
          file = await request.file();
        } catch {
          throw badRequest('The upload could not be read as multipart/form-data');
        }
        if (!file || file.fieldname !== 'file') throw badRequest(AUDIENCE_MESSAGES.fileMissing, 'file');
        const raw = Object.fromEntries(Object.entries(file.fields).flatMap(([key, field]) => (key === 'file' ? [] : [[key, fieldValue(field)]])));
        const parsed = bookFieldsSchema.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw badRequest(issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : issue.message, String(issue.path[0] ?? ''));
        }
        let buffer: Buffer;
        try {
          buffer = await file.toBuffer();
        } catch {
          throw badRequest(`A book file is at most ${MAX_BOOK_BYTES / 1024 / 1024} MB`, 'file');
        }
        const text = buffer.toString('utf8');
        // A Proposal XML (its DemoValues, decision 057) by its name, its type or its first character; else CSV.
        const xml = /\.xml$/i.test(file.filename) || /xml/i.test(file.mimetype) || /^\uFEFF?\s*</.test(text);
        const book = await importBook({ db: ctx.db, actor: actorOf(request), fields: parsed.data, file: { text, xml } });
        return reply.code(201).send(book);
      },
    );
  });

  r.patch(
    '/books/:id',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description: 'Makes the book its channel’s current book (admins); one current book a channel.',
        params: bookParams,
        body: bookUpdateSchema,
        response: { 200: bookSchema, ...errors },
      },
    },
    (request) => makeBookCurrent(ctx.db, actorOf(request), request.params.id),
  );

  r.put(
    '/post-books/:month',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description:
          'Names the post book of a broadcast month (YYYY-MM) for the book’s channel (admins of that channel): post-buys value the month’s aired spots on it.',
        params: monthParams,
        body: postBookBodySchema,
        response: { 200: postBookSchema, ...errors },
      },
    },
    (request) => setPostBook(ctx.db, actorOf(request), request.params.month, request.body.book_id),
  );

  r.get(
    '/estimates/:id/audience',
    {
      onRequest: guards.signedIn,
      schema: {
        ...tags,
        description:
          'The order’s GRPs, impressions (thousands), CPP and CPM on a demo (default: its target demo), per line, per week and in all: the audience frozen at booking, else the channel’s current book.',
        params: orderParams,
        querystring: audienceQuerySchema,
        response: { 200: audienceSchema, ...errors },
      },
    },
    (request) => orderAudience(ctx.db, actorOf(request), request.params.id, request.query.demo),
  );

  r.get(
    '/estimates/:id/post-buy',
    {
      onRequest: guards.signedIn,
      schema: {
        ...tags,
        description:
          'The post-buy (the order’s owner and admins): ordered against delivered per line, per week and in all, delivered being the aired, non-simulated spots valued on the post book of the month each aired; the guarantee’s shortfall and the ADUs proposed.',
        params: orderParams,
        querystring: audienceQuerySchema,
        response: { 200: postBuySchema, ...errors },
      },
    },
    (request) => postBuy(ctx.db, actorOf(request), request.params.id, request.query.demo),
  );

  r.post(
    '/estimates/:id/adus',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description:
          'Offers the ADUs (no-charge spots) a guaranteed order under its guarantee is owed (admins): the post-buy’s ADUs on the current book, less those pending (offered, accepted and not yet aired, or aired in a month whose post book does not value them yet), one a day on the nearest free days of the line’s daypart (a schedule line’s: on the line’s days) from tomorrow to 14 days after the flight. They are makegood offers of kind `adu` (GET /estimates/:id/makegoods) that the advertiser accepts or declines; an accepted one is placed on the log marked ADU (a schedule line’s at the line’s length) and never billed. The owner’s webhooks hear `adu.offered`. 409 when none are owed or none fits.',
        params: orderParams,
        response: { 201: aduOfferReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const {
        reply: offered,
        staged,
        estimateId,
      } = await offerOrderAdus({
        db: ctx.db,
        actor,
        id: request.params.id,
        now: ctx.time.now(),
        timeZone: ctx.time.timeZone,
        expiryHours: ctx.config.makegoodExpiryHours,
      });
      for (const s of staged) ctx.notifier.deliver(s);
      ctx.realtime.emitEstimateUpdate({ estimateId, status: null });
      return reply.code(201).send(offered);
    },
  );

  r.get(
    '/estimates/:id/order.pdf',
    {
      onRequest: guards.signedIn,
      schema: {
        ...tags,
        description:
          'The order as a PDF (its owner and admins): its lines and, on its target demo (or the demo asked), GRPs, impressions (thousands), CPP and CPM per line, per week and in all, labelled with the book (frozen at booking, else the current one).',
        params: orderParams,
        querystring: audienceQuerySchema,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const order = await readableOrder(ctx.db, actor, request.params.id);
      const audience = await orderAudience(ctx.db, actor, order.id, request.query.demo);
      const channel = (await documentChannel(ctx.db, order.channelId))?.label ?? null;
      const pdf = renderOrderPdf(
        { id: order.id, name: order.estimateName, status: order.status, startDate: order.startDate, endDate: order.endDate, audience },
        { ...(await getStationProfile(ctx.db)), channel },
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="order-${order.id.slice(0, 8)}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  r.get(
    '/estimates/:id/post-buy.pdf',
    {
      onRequest: guards.signedIn,
      schema: { ...tags, description: 'The post-buy as a PDF (the order’s owner and admins).', params: orderParams, querystring: audienceQuerySchema },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const order = await readableOrder(ctx.db, actor, request.params.id);
      const report = await postBuy(ctx.db, actor, order.id, request.query.demo);
      const channel = (await documentChannel(ctx.db, order.channelId))?.label ?? null;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="post-buy-${order.id.slice(0, 8)}.pdf"`)
        .header('cache-control', 'no-store')
        .send(renderPostBuyPdf(report, { name: order.estimateName }, { ...(await getStationProfile(ctx.db)), channel }));
    },
  );

  r.get(
    '/estimates/:id/post-buy.csv',
    {
      onRequest: guards.signedIn,
      schema: { ...tags, description: 'The post-buy as CSV.', params: orderParams, querystring: audienceQuerySchema },
    },
    async (request, reply) => {
      const report = await postBuy(ctx.db, actorOf(request), request.params.id, request.query.demo);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="post-buy-${request.params.id}.csv"`)
        .send(postBuyCsv(report));
    },
  );
};

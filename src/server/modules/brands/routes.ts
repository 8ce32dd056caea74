import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, messageReplySchema } from '../../../domain/auth';
import { brandInputSchema, brandSchema, brandUpdateSchema } from '../../../domain/brand-schemas';
import { keysetPage, keysetPageQuerySchema } from '../../../domain/list-page';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { createBrand, deleteBrand, getBrand, listBrands, updateBrand } from './service';

const idParams = z.object({ id: z.uuid({ error: 'Brand not found' }) });
const listQuery = keysetPageQuerySchema.extend({ owner_id: z.uuid({ error: 'owner_id must be a user id' }).optional() });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['brands'], security: [{ bearerAuth: [] }] };

export const brandsRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: guards.signedIn };

  r.get(
    '/brands',
    {
      ...signedIn,
      schema: {
        ...tags,
        description:
          'Every visible brand, newest first. With `limit`, `after` (the X-Next-Cursor of the previous page) or `search` (every word in a name, contact, e-mail, phone or owner e-mail): one page of at most `limit` (default 50), and X-Next-Cursor when it is full.',
        querystring: listQuery,
        response: { 200: z.array(brandSchema), ...errors },
      },
    },
    async (request, reply) => {
      const page = await listBrands({ db: ctx.db, actor: actorOf(request), ownerId: request.query.owner_id, page: keysetPage(request.query) });
      if (page.nextCursor) void reply.header('x-next-cursor', page.nextCursor);
      return page.brands;
    },
  );

  r.post('/brands', { ...signedIn, schema: { ...tags, body: brandInputSchema, response: { 201: brandSchema, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await createBrand({ db: ctx.db, actor: actorOf(request), input: request.body })),
  );

  r.get('/brands/:id', { ...signedIn, schema: { ...tags, params: idParams, response: { 200: brandSchema, ...errors } } }, (request) =>
    getBrand({ db: ctx.db, actor: actorOf(request), id: request.params.id }),
  );

  r.put('/brands/:id', { ...signedIn, schema: { ...tags, params: idParams, body: brandUpdateSchema, response: { 200: brandSchema, ...errors } } }, (request) =>
    updateBrand({ db: ctx.db, actor: actorOf(request), id: request.params.id, input: request.body }),
  );

  r.delete('/brands/:id', { ...signedIn, schema: { ...tags, params: idParams, response: { 200: messageReplySchema, ...errors } } }, async (request) => {
    await deleteBrand({ db: ctx.db, actor: actorOf(request), id: request.params.id });
    return { message: 'Brand deleted successfully' };
  });
};

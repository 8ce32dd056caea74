import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { estimateDetailSchema, estimateSchema } from '../../domain/estimate-schemas';
import { flatListJsonSchema, listReplySerializer } from './list-replies';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/api/estimates', httpStatus: '200' }) as Parameters<typeof serializerCompiler>[0];

const order = {
  id: '0b0c7a53-4b5e-4d2c-9c59-6f7c3f3f9a11',
  channel_id: '3b0c7a53-4b5e-4d2c-9c59-6f7c3f3f9a11',
  estimate_name: 'Spring "push" — été',
  status: 'ordered',
  brand_id: null,
  brand_name: null,
  start_date: '2026-03-01',
  end_date: null,
  total_spend: 12500.5,
  total_estimated_cost: 0.1 + 0.2,
  total_amount: 12000,
  discount_amount: 500.5,
  coupon_code: null,
  owner_id: '2b0c7a53-4b5e-4d2c-9c59-6f7c3f3f9a11',
  owner_name: 'Ann Lee',
  owner_first_name: 'Ann',
  owner_last_name: 'Lee',
  owner_email: 'ann@example.test',
  media_asset_id: null,
  media_filename: null,
  payment_method_id: null,
  payment_last4: null,
  payment_brand: null,
  notes: 'line\nbreak',
  media_asset_count: 3,
  weekly_reach: 123456,
  billing_mode: 'up_front',
  source: 'web',
  source_name: null,
  agency_estimate_number: 'EST-0042',
  client_code: null,
  product_code: null,
  po_number: null,
  target_demo: 'A25-54',
  created_at: '2026-03-01T10:00:00.123Z',
  updated_at: '2026-03-01T10:00:00.123Z',
};

describe('order list replies (decision 026)', () => {
  it('are the bytes zod writes, and a field the schema does not name never leaves', () => {
    const schema = z.array(estimateSchema);
    const rows = [order, { ...order, id: '1b0c7a53-4b5e-4d2c-9c59-6f7c3f3f9a11', password_hash: 'secret', status: 'draft' }];
    const written = listReplySerializer(route(schema))(rows);
    expect(written).toBe(serializerCompiler(route(schema))(rows));
    expect(written).not.toContain('password_hash');
    expect(JSON.parse(written)[1]).toEqual({ ...order, id: '1b0c7a53-4b5e-4d2c-9c59-6f7c3f3f9a11', status: 'draft' });
  });

  it('still compile the order list with its audience fields (the guarantee is in the one order only)', () => {
    expect(flatListJsonSchema(z.array(estimateSchema))).toBeDefined();
    expect(Object.keys(estimateSchema.shape)).toContain('target_demo');
    expect(Object.keys(estimateSchema.shape)).not.toContain('audience_guarantee');
  });

  it('leave to zod what is not a list of flat plain fields', () => {
    expect(flatListJsonSchema(z.array(estimateSchema))).toMatchObject({ items: { required: Object.keys(estimateSchema.shape) } });
    expect(flatListJsonSchema(estimateSchema)).toBeUndefined();
    expect(flatListJsonSchema(z.array(estimateDetailSchema))).toBeUndefined();
    expect(flatListJsonSchema(z.array(z.object({ name: z.string().trim() })))).toBeUndefined();
    expect(flatListJsonSchema(z.array(z.object({ at: z.date().transform((d) => d.toISOString()) })))).toBeUndefined();
  });

  it('refuse a reply that lacks a field, as zod does', () => {
    const { owner_email: _gone, ...partial } = order;
    expect(() => listReplySerializer(route(z.array(estimateSchema)))([partial])).toThrow();
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import { urlFor, type BodyOf, type ReplyOf } from './typed';

describe('urlFor', () => {
  it('fills path parameters encoded and drops the /api prefix apiRequest adds', () => {
    expect(urlFor('/api/brands/{id}/usage', { id: 'a b/c' })).toBe('/brands/a%20b%2Fc/usage');
  });

  it('appends only the query values that are set, repeating arrays', () => {
    expect(urlFor('/api/coupons', undefined, { search: 'spring sale', active_only: undefined, empty: '', ids: ['1', '2'] })).toBe('/coupons?search=spring+sale&ids=1&ids=2');
  });

  it('refuses a missing path parameter instead of calling a wrong address', () => {
    expect(() => urlFor('/api/brands/{id}', {})).toThrow('missing path parameter id');
  });
});

describe('the contract types', () => {
  it('take the reply of a 200, 201 or 202 and the body of the operation', () => {
    expectTypeOf<ReplyOf<'/api/users/{id}/promote', 'patch'>>().toEqualTypeOf<{ message: string }>();
    expectTypeOf<ReplyOf<'/api/webhooks/deliveries/{id}/retry', 'post'>>().toEqualTypeOf<{ message: string }>();
    expectTypeOf<ReplyOf<'/api/webhooks/{id}/test', 'post'>>().toEqualTypeOf<{ delivery_id: string }>();
    expectTypeOf<BodyOf<'/api/auth/change-password', 'post'>>().toHaveProperty('newPassword');
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AuditEntity } from '../../domain/audit';
import { fileUrl, urlFor, type BodyOf, type QueryOf, type ReplyOf } from './typed';

describe('urlFor', () => {
  it('fills path parameters encoded and drops the /api prefix apiRequest adds', () => {
    expect(urlFor('/api/brands/{id}/usage', { id: 'a b/c' })).toBe('/brands/a%20b%2Fc/usage');
  });

  it('appends only the query values that are set, repeating arrays', () => {
    expect(urlFor('/api/coupons', undefined, { search: 'spring sale', active_only: undefined, empty: '', ids: ['1', '2'] })).toBe(
      '/coupons?search=spring+sale&ids=1&ids=2',
    );
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

describe('file addresses', () => {
  it('are contract paths with their parameters filled in and unset query values left out', () => {
    expect(fileUrl('/api/traffic/logs/{date}/export', { path: { date: '2026-11-26' }, query: { format: 'bxf', changes: undefined } })).toBe(
      '/traffic/logs/2026-11-26/export?format=bxf',
    );
    expect(fileUrl('/api/billing/statements/{customerId}/pdf', { path: { customerId: 'c1' }, query: { from: '2026-01-01', to: '' } })).toBe(
      '/billing/statements/c1/pdf?from=2026-01-01',
    );
  });

  it('take the query parameters of the contract', () => {
    expectTypeOf<QueryOf<'/api/audit', 'get'>['entity']>().toEqualTypeOf<AuditEntity | undefined>();
  });
});

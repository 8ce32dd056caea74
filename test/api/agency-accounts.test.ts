/**
 * Issue 27, decision 034: an agency account buys for several advertisers. Each advertiser is a brand
 * the agency holds, with the advertiser's name and billing details; the agency sees, buys and is
 * billed for them net of its commission (decision 014); an advertiser's own account never sees the
 * agency's other clients.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createInvoice } from '../support/billing-fixtures';
import { clientWithBrand, createMediaAsset, readyOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const ids = (list: { id: string }[]) => list.map((x) => x.id);

describe('agency accounts', () => {
  it('hold brands for several advertisers, buy for them and are billed net of commission; advertisers see only their own', async () => {
    const agency = await clientWithBrand(t, { company: 'Madison Media' });
    expect((await t.inject({ method: 'PUT', url: `/api/users/${agency.id}/agency`, token: admin, payload: { is_agency: true, rate: 0.15 } })).statusCode).toBe(
      200,
    );
    // A second advertiser of the agency, with its own legal name and billing address.
    const juice = await t.inject({
      method: 'POST',
      url: '/api/brands',
      token: agency.token,
      payload: { common_name: 'Sunny Juice', legal_name: 'Sunny Juice Inc.', address: '1 Orchard Way, Tampa FL', email: 'ap@sunnyjuice.example' },
    });
    expect(juice.statusCode, juice.body).toBe(201);
    const juiceBrand = juice.json() as { id: string };
    const juiceMedia = await createMediaAsset(t.database.db, juiceBrand.id);

    // The advertiser's own account: its own brand only.
    const direct = await clientWithBrand(t);
    const directBrands = (await t.inject({ method: 'GET', url: '/api/brands', token: direct.token })).json();
    expect(ids(directBrands.brands ?? directBrands)).toEqual([direct.brand.id]);
    expect((await t.inject({ method: 'GET', url: `/api/brands/${juiceBrand.id}`, token: direct.token })).statusCode).toBe(404);

    const agencyBrands = (await t.inject({ method: 'GET', url: '/api/brands', token: agency.token })).json();
    expect(ids(agencyBrands.brands ?? agencyBrands).sort()).toEqual([agency.brand.id, juiceBrand.id].sort());

    // The agency buys for Sunny Juice.
    const { order } = await readyOrder(t, {
      owner: { ...agency, brand: { ...agency.brand, id: juiceBrand.id } as typeof agency.brand, media: juiceMedia, card: agency.card },
    });
    expect(order.brand_id).toBe(juiceBrand.id);
    expect((await t.inject({ method: 'PUT', url: `/api/estimates/${order.id}`, token: agency.token, payload: { status: 'ordered' } })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
    const invoice = await createInvoice(t, order.id);
    const detail = (await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}`, token: admin })).json();
    expect(detail).toMatchObject({
      customer_id: agency.id,
      brand_name: 'Sunny Juice',
      brand_legal_name: 'Sunny Juice Inc.',
      brand_address: '1 Orchard Way, Tampa FL',
      commission_rate: 0.15,
    });
    expect(detail.commission_amount).toBeCloseTo(Math.round(detail.total_amount * 15) / 100, 2);
    expect(detail.net_amount).toBeCloseTo(detail.total_amount - detail.commission_amount, 2);
    expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);

    // The agency sees the order and its invoice; the advertiser's own account sees neither, nor the media.
    expect(ids((await t.inject({ method: 'GET', url: '/api/estimates', token: agency.token })).json())).toContain(order.id);
    expect(ids((await t.inject({ method: 'GET', url: '/api/estimates', token: direct.token })).json())).not.toContain(order.id);
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}`, token: direct.token })).statusCode).toBe(404);
    expect(ids((await t.inject({ method: 'GET', url: '/api/media', token: direct.token })).json())).not.toContain(juiceMedia.id);
    const agencyInvoices = (await t.inject({ method: 'GET', url: '/api/my/invoices', token: agency.token })).json();
    expect(JSON.stringify(agencyInvoices)).toContain(invoice.id);
    const directInvoices = (await t.inject({ method: 'GET', url: '/api/my/invoices', token: direct.token })).json();
    expect(JSON.stringify(directInvoices)).not.toContain(invoice.id);
    expect((await t.inject({ method: 'GET', url: `/api/my/invoices/${invoice.id}`, token: direct.token })).statusCode).toBe(404);
  });
});

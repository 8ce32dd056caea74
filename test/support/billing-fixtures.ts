/** Billing fixtures: approved orders (through the API) and invoices made from them. */
import { expect } from 'vitest';
import type { TestApp } from './app';
import { clientWithBrand, submittedOrder, type ReadyOrderOptions } from './ordering-fixtures';

/** A submitted order, approved by the admin. */
export const approvedOrder = async (t: TestApp, options: ReadyOrderOptions & { firstName?: string; lastName?: string; company?: string } = {}) => {
  const { firstName, lastName, company, ...rest } = options;
  const owner =
    firstName || lastName || company
      ? await clientWithBrand(t, { ...(firstName && { firstName }), ...(lastName && { lastName }), ...(company && { company }) })
      : undefined;
  const { order, owner: client } = await submittedOrder(t, { ...rest, ...(owner && { owner }) });
  const res = await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: await t.adminToken(), payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  return {
    owner: client,
    order: res.json() as { id: string; estimate_name: string; total_amount: number; brand_id: string; brand_name: string; owner_id: string },
  };
};

export const createInvoice = async (t: TestApp, estimateId: string, payload: Record<string, unknown> = {}) => {
  const res = await t.inject({ method: 'POST', url: `/api/billing/from-estimate/${estimateId}`, token: await t.adminToken(), payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { id: string; invoice_number: string; total_amount: number; balance_due: number; status: string };
};

/** An approved order and its invoice. */
export const invoicedOrder = async (t: TestApp, options: Parameters<typeof approvedOrder>[1] = {}, payload: Record<string, unknown> = {}) => {
  const approved = await approvedOrder(t, options);
  return { ...approved, invoice: await createInvoice(t, approved.order.id, payload) };
};

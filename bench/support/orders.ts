/** A client's draft that passes the submit checks, made through the real server's API (as the order form does). */
import { addDays, todayIso } from '../../src/domain/dates';
import { call, type RealServer } from '../../test/support/real-server';
import type { BenchUser } from './accounts';

export const readyDraft = async (server: RealServer, client: BenchUser, daypartId: string, name: string): Promise<string> => {
  const created = await call(server, 'POST', '/api/estimates', {
    token: client.token,
    body: { estimate_name: name, brand_id: client.brandId, start_date: addDays(todayIso(new Date(), 'UTC'), 8), total_spend: 5000 },
  });
  if (created.status !== 201) throw new Error(`create draft: ${created.status} ${JSON.stringify(created.body)}`);
  const id = String(created.body.id);
  const item = await call(server, 'POST', `/api/estimate-items/${id}`, { token: client.token, body: { daypart_id: daypartId, spots_per_occurrence: 1 } });
  if (item.status !== 201) throw new Error(`add item: ${item.status} ${JSON.stringify(item.body)}`);
  const put = await call(server, 'PUT', `/api/estimates/${id}`, {
    token: client.token,
    body: { media_asset_id: client.mediaId, payment_method_id: client.cardId },
  });
  if (put.status !== 200) throw new Error(`media and card: ${put.status} ${JSON.stringify(put.body)}`);
  return id;
};

/** The submit: PUT status "ordered" by the owner. */
export const submitDraft = (server: RealServer, client: BenchUser, id: string) =>
  call(server, 'PUT', `/api/estimates/${id}`, { token: client.token, body: { status: 'ordered' } });

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

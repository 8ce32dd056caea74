/**
 * The baseline: a bare Fastify + pg server answering Order Management's first page with the SQL
 * Spotbook sends (text and parameters given by run.ts, taken from `estimateListQuery(...).toSQL()`)
 * and the same bytes (run.ts compares both replies before measuring). No authentication, no
 * validation, no ORM: one pool query, a row-to-JSON mapping, JSON.stringify.
 * Usage: tsx bench/bare-server/bare-server.ts <json: { url, text, params }>
 */
import Fastify from 'fastify';
import pg from 'pg';

const { url, text, params } = JSON.parse(process.argv[2]!) as { url: string; text: string; params: unknown[] };
// Dates and times as PostgreSQL prints them (as Spotbook's driver setup reads them), int8 as text.
for (const oid of [1082, 1114, 1184]) pg.types.setTypeParser(oid, (value: string) => value);
const pool = new pg.Pool({ connectionString: url, max: 10 });

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
const dollars = (cents: string | number) => Number(cents) / 100;
const name = (first: string | null, last: string | null) =>
  [first, last]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim() || null;

/** The columns by position: the order's 21 columns, then brand, owner, media, card, media count, weekly reach, cursor. */
const toJson = (r: unknown[]) => ({
  id: r[0],
  estimate_name: r[3],
  status: r[4],
  brand_id: r[2],
  brand_name: r[21],
  start_date: r[5],
  end_date: r[6],
  total_spend: dollars(r[7] as string),
  total_estimated_cost: dollars(r[8] as string),
  total_amount: dollars(r[10] as string),
  discount_amount: dollars(r[9] as string),
  coupon_code: r[12],
  owner_id: r[1],
  owner_name: name(r[22] as string | null, r[23] as string | null),
  owner_first_name: r[22],
  owner_last_name: r[23],
  owner_email: r[24],
  media_asset_id: r[13],
  media_filename: r[25],
  payment_method_id: r[14],
  payment_last4: r[26],
  payment_brand: r[27],
  notes: r[15],
  media_asset_count: Number(r[28] ?? 0),
  weekly_reach: Math.round(Number(r[29] ?? 0)),
  billing_mode: r[16],
  created_at: iso(r[19] as string),
  updated_at: iso(r[20] as string),
});

const app = Fastify({ logger: false });
app.get('/api/estimates', async (_request, reply) => {
  const result = await pool.query({ text, values: params, rowMode: 'array' });
  void reply.type('application/json; charset=utf-8');
  return JSON.stringify(result.rows.map(toJson));
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});

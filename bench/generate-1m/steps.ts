/**
 * The bulk load's SQL, one statement per table, each a `generate_series` over the order number i
 * (1..N). Ids are derived from i (`pg_temp.uid('order' || i)`), so every table joins to its order
 * without reading it back. Everything is deterministic: the same N and distribution give the same data.
 *
 * Shape per order i with the default distribution (N = 1,000,000): 1 client per 40 orders with one
 * brand each, orders spread evenly over them; statuses spread by (i * 7919) % 100 (5 % draft, 3 %
 * pending approval, 5 % ordered, 2 % modified, 10 % approved, 5 % rejected, 10 % scheduled, 15 %
 * active, 45 % completed); created evenly over the last 730 days, newest last; 2 or 3 time slots
 * (estimate_items) in distinct dayparts; a campaign for scheduled, active and completed orders; 2
 * airings (campaign_deliveries) per active and 4 per completed campaign, the campaign's counters
 * equal to its airings; a reconciliation for every other completed order; an up-front invoice with
 * one line for every booked order (draft, sent, or paid, some sent ones paid in part) and its payments.
 *
 * The distribution's knobs (bench/generate-1m/distribution.ts) change who ordered, when, and in
 * which status: the seed, the number of advertisers and brands, the advertisers' skew, the history's
 * length, the share of recent orders and the status mix.
 */
import { DEFAULT_DISTRIBUTION, type Distribution } from './distribution';

export const CLIENT_EVERY = 40;

/** The order's status from its number and the distribution's mix (cumulative percentages). */
const statusOf = (i: string, d: Distribution) => {
  const bucket = `((${i}::bigint * 7919 + ${d.seed}::bigint * 104729) % 100)`;
  let upTo = 0;
  const cases = d.statusMix.map(([status, percent]) => {
    upTo += percent;
    return `when ${bucket} < ${upTo} then '${status}'`;
  });
  return `(case ${cases.join(' ')} else 'completed' end)`;
};

/** A number in [0, 1) from the order's number and the seed (md5: the same every run). */
const unitOf = (i: string, d: Distribution) => `((('x' || substr(md5('${d.seed}:' || ${i}), 1, 8))::bit(32)::bigint)::float8 / 4294967296)`;

/**
 * The order's brand: evenly `i % brands` without skew; with skew s, brand ⌊brands · u^(1+s)⌋, so that
 * the first brands (and their advertisers) hold most orders (s = 2: the first 1 % of brands about 22 %).
 */
const brandOf = (i: string, d: Distribution) => (d.skew === 0 ? `(${i} % ${d.brands})` : `floor(${d.brands} * power(${unitOf(i, d)}, ${1 + d.skew}))::int`);

/**
 * When order i was created, newest last: evenly over the history; with a recent share r, the last
 * r of the orders fall in the last 30 days (the dashboards' default window) and the rest before.
 */
const createdAtOf = (i: string, n: number, d: Distribution) => {
  if (d.recentShare === null) return `(now() - interval '${d.historyDays} days' * (1 - ${i}::float8 / ${n}))`;
  const older = Math.floor(n * (1 - d.recentShare));
  return `(case when ${i} <= ${older}
    then now() - interval '${d.historyDays} days' + interval '${d.historyDays - 30} days' * (${i}::float8 / ${Math.max(older, 1)})
    else now() - interval '30 days' * (1 - (${i} - ${older})::float8 / ${n - older}) end)`;
};

/** The orders' own columns, recomputed wherever another table needs them (no read-back). */
const orderSeries = (n: number, d: Distribution) => `(select i,
    pg_temp.uid('order' || i) as order_id,
    pg_temp.uid('user' || (b % ${d.clients})) as owner_id,
    pg_temp.uid('brand' || b) as brand_id,
    ${statusOf('i', d)} as status,
    ${createdAtOf('i', n, d)} as created_at,
    1000000 + (i % 100) * 10000 as spend,
    case when i % 10 = 0 then 50000 else 0 end as discount
  from generate_series(1, ${n}) as i cross join lateral (select ${brandOf('i', d)} as b) as pick) o`;

const dates = `(o.created_at at time zone 'UTC')::date + 7 + (o.i % 30)`;

/** A session function: md5 of the text as a version-4, RFC 4122 variant UUID (the replies' schemas check both). */
export const UID_FUNCTION = `create function pg_temp.uid(t text) returns uuid language sql immutable as
  $$ select overlay(overlay(md5(t) placing '4' from 13) placing '8' from 17)::uuid $$`;

export const loadSteps = (n: number, passwordHash: string, d: Distribution = DEFAULT_DISTRIBUTION(n)): { table: string; sql: string }[] => {
  const clients = d.clients;
  const dayparts = `(select array_agg(id order by name) as ids from dayparts) d`;
  const booked = `o.status in ('approved', 'scheduled', 'active', 'completed')`;
  const hasCampaign = `o.status in ('scheduled', 'active', 'completed')`;
  const aired = `(case o.status when 'active' then 2 when 'completed' then 4 else 0 end)`;
  const invoiceStatus = `(case when o.status = 'completed' and o.i % 3 <> 0 then 'paid' when o.status in ('completed', 'active') or o.i % 2 = 0 then 'sent' else 'draft' end)`;
  const paid = `(case ${invoiceStatus} when 'paid' then o.spend - o.discount when 'sent' then case when o.i % 5 = 0 then (o.spend - o.discount) / 2 else 0 end else 0 end)`;
  return [
    {
      table: 'users',
      sql: `insert into users (id, email, password_hash, first_name, last_name, company, created_at, updated_at)
        select pg_temp.uid('user' || c), 'client' || c || '@gen.test', '${passwordHash}', 'Client', c::text, 'Company ' || c,
          now() - interval '${d.historyDays + 70} days', now() - interval '${d.historyDays + 70} days'
        from generate_series(0, ${clients - 1}) as c`,
    },
    {
      table: 'brands',
      sql: `insert into brands (id, owner_id, common_name, legal_name, created_at, updated_at)
        select pg_temp.uid('brand' || c), pg_temp.uid('user' || (c % ${clients})), 'Brand ' || c, 'Brand ' || c || ' LLC', now() - interval '${d.historyDays + 70} days', now() - interval '${d.historyDays + 70} days'
        from generate_series(0, ${d.brands - 1}) as c`,
    },
    {
      table: 'estimates',
      sql: `insert into estimates (id, owner_id, brand_id, estimate_name, status, start_date, end_date, total_spend_cents,
          total_estimated_cost_cents, discount_cents, total_amount_cents, coupon_code, submitted_at, reviewed_at, created_at, updated_at)
        select o.order_id, o.owner_id, o.brand_id, 'Order ' || o.i, o.status, ${dates}, ${dates} + 27 + 7 * (o.i % 8),
          o.spend, 120000 + (o.i % 50) * 1000, o.discount, o.spend - o.discount, case when o.discount > 0 then 'SAVE500' end,
          case when o.status <> 'draft' then o.created_at + interval '2 hours' end,
          case when o.status not in ('draft', 'pending_approval', 'ordered') then o.created_at + interval '1 day' end,
          o.created_at, o.created_at + interval '1 day'
        from ${orderSeries(n, d)}`,
    },
    {
      table: 'estimate_items',
      sql: `insert into estimate_items (estimate_id, daypart_id, spots_per_occurrence, user_defined_cpm_cents, created_at, updated_at)
        select pg_temp.uid('order' || i), d.ids[1 + (i + 3 * k) % 8], 1 + (i + k) % 3, case when (i + k) % 7 = 0 then 2500 end,
          ${createdAtOf('i', n, d)}, ${createdAtOf('i', n, d)}
        from generate_series(1, ${n}) as i cross join generate_series(0, 2) as k cross join ${dayparts}
        where k < 2 + i % 2`,
    },
    {
      table: 'campaigns',
      sql: `insert into campaigns (id, estimate_id, name, brand_id, owner_id, status, start_date, end_date, total_budget_cents,
          weekly_spots, total_spots, aired_spots, total_impressions, spend_cents, last_aired_at, created_at, updated_at)
        select pg_temp.uid('campaign' || o.i), o.order_id, 'Order ' || o.i, o.brand_id, o.owner_id, o.status, ${dates}, ${dates} + 27 + 7 * (o.i % 8),
          o.spend, 10, 10 * (4 + o.i % 8), ${aired}, ${aired} * 1366, ${aired} * 20000,
          case when ${aired} > 0 then (${dates} + ${aired})::timestamp + interval '20 hours' end,
          o.created_at + interval '1 day', o.created_at + interval '1 day'
        from ${orderSeries(n, d)} where ${hasCampaign}`,
    },
    {
      table: 'campaign_deliveries',
      sql: `insert into campaign_deliveries (campaign_id, daypart_id, aired_at, impressions, spend_cents)
        select pg_temp.uid('campaign' || o.i), d.ids[1 + (o.i + 3 * ((j - 1) % (2 + o.i % 2))) % 8],
          (${dates} + j)::timestamp + interval '20 hours', 1366, 20000
        from ${orderSeries(n, d)} cross join generate_series(1, 4) as j cross join ${dayparts}
        where j <= ${aired}`,
    },
    {
      table: 'reconciliations',
      sql: `insert into reconciliations (estimate_id, projected_spend_cents, projected_impressions, actual_spend_cents, actual_impressions,
          aired_spend_cents, aired_impressions, reconciled_at, created_at, updated_at)
        select o.order_id, o.spend, 500000, (o.spend * (85 + o.i % 31) / 100), 500000 * (85 + o.i % 31) / 100,
          4 * 20000, 4 * 1366, least(now(), o.created_at + interval '70 days'), least(now(), o.created_at + interval '70 days'), least(now(), o.created_at + interval '70 days')
        from ${orderSeries(n, d)} where o.status = 'completed' and o.i % 2 = 0`,
    },
    {
      table: 'invoices',
      sql: `insert into invoices (id, invoice_number, estimate_id, customer_id, brand_id, subtotal_cents, discount_cents, tax_cents, total_cents,
          paid_cents, status, issue_date, due_date, payment_terms, sent_at, created_at, updated_at)
        select pg_temp.uid('invoice' || o.i), 'INV-' || to_char(o.created_at, 'YYYY') || '-' || lpad(o.i::text, 6, '0'), o.order_id, o.owner_id, o.brand_id,
          o.spend, o.discount, 0, o.spend - o.discount, ${paid}, ${invoiceStatus},
          (o.created_at at time zone 'UTC')::date + 1, (o.created_at at time zone 'UTC')::date + 31, 'Net 30',
          case when ${invoiceStatus} <> 'draft' then o.created_at + interval '1 day' end, o.created_at + interval '1 day', o.created_at + interval '1 day'
        from ${orderSeries(n, d)} where ${booked}`,
    },
    {
      table: 'invoice_lines',
      sql: `insert into invoice_lines (invoice_id, position, description, quantity, unit_cents, amount_cents)
        select pg_temp.uid('invoice' || o.i), 1, 'Order ' || o.i || ' (up front)', 1, o.spend, o.spend
        from ${orderSeries(n, d)} where ${booked}`,
    },
    {
      table: 'invoice_payments',
      sql: `insert into invoice_payments (invoice_id, amount_cents, direction, payment_date, created_at)
        select pg_temp.uid('invoice' || o.i), ${paid}, 'payment', (o.created_at at time zone 'UTC')::date + 11, o.created_at + interval '11 days'
        from ${orderSeries(n, d)} where ${booked} and ${paid} > 0`,
    },
    { table: 'invoice_number_seq', sql: `select setval('invoice_number_seq', ${n + 1})` },
  ];
};

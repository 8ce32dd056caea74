/**
 * The order page's audience card (issue 43, decision 057): GRPs, impressions, CPP and CPM on the target
 * demo, per line, and once spots aired the post-buy. An aside: it is the page's last card (it never moves
 * what is above it), shows nothing while loading or when the call fails, and never blocks the page.
 */
import { SOLD_STATUSES, type OrderStatus } from '../../../domain/orders';
import { formatCount, formatCurrency } from '../../../domain/format';
import { downloadOrderPdf, downloadPostBuy, downloadPostBuyPdf, useOrderAudience, usePostBuy } from '../../api/audience';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { OfferAdus } from './offer-adus';

const money = (cents: number | null | undefined) => (cents == null ? '—' : formatCurrency(cents / 100));
const points = (value: number | null | undefined) => (value == null ? '—' : value.toFixed(1));

export const OrderAudience = ({ orderId, status, admin }: { orderId: string; status: OrderStatus; admin: boolean }) => {
  const audience = useOrderAudience(orderId);
  const sold = (SOLD_STATUSES as readonly OrderStatus[]).includes(status);
  const post = usePostBuy(orderId, sold);
  const data = audience.data;
  if (!data || (!data.demo && !data.book_name)) return null;
  const total = data.total;
  const delivered = post.data?.total;
  return (
    <Card className="mt-6">
      <section aria-labelledby="order-audience-heading" className="p-4 sm:p-6">
        <h2 id="order-audience-heading" className="text-lg font-semibold text-slate-900">
          Audience
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {data.demo ? `On ${data.demo}` : 'No target demo yet'}
          {data.book_name && ` · book ${data.book_name}${data.frozen ? ' (as booked)' : ''}`}
        </p>
        {data.demo && (
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-500">GRPs</dt>
              <dd className="font-semibold text-slate-900">{points(total?.grps)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Impressions (000)</dt>
              <dd className="font-semibold text-slate-900">{formatCount(total?.impressions ?? 0)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">CPP</dt>
              <dd className="font-semibold text-slate-900">{money(total?.cpp_cents)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">CPM</dt>
              <dd className="font-semibold text-slate-900">{money(total?.cpm_cents)}</dd>
            </div>
          </dl>
        )}
        {data.demo && (data.lines?.length ?? 0) > 0 && (
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {data.lines.map((line) => (
              <li key={line.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="text-slate-900">{line.label}</span>
                <span className="text-slate-600">
                  {formatCount(line.spots)} spots · rating {points(line.rating)} · {points(line.grps)} GRPs · CPP {money(line.cpp_cents)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Button variant="ghost" size="sm" className="mt-2" onClick={() => void downloadOrderPdf(orderId).catch(() => undefined)}>
          Download order PDF
        </Button>
        {sold && delivered && (
          <div className="mt-4 border-t border-slate-100 pt-3 text-sm">
            <h3 className="font-medium text-slate-900">Post-buy</h3>
            <p className="mt-1 text-slate-600">
              Delivered {points(delivered.delivered?.grps)} of {points(delivered.ordered?.grps)} GRPs
              {delivered.percent_delivered != null && ` (${delivered.percent_delivered}%)`}
              {post.data?.shortfall ? ` · short ${points(post.data.shortfall)} ${post.data.measure === 'grps' ? 'GRPs' : '(000)'}` : ''}
            </p>
            {post.data?.adus && <OfferAdus orderId={orderId} adus={post.data.adus} admin={admin} />}
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => void downloadPostBuy(orderId).catch(() => undefined)}>
              Download post-buy CSV
            </Button>
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => void downloadPostBuyPdf(orderId).catch(() => undefined)}>
              Download post-buy PDF
            </Button>
          </div>
        )}
      </section>
    </Card>
  );
};

/**
 * `GET /api/estimates/:id/proposal.xml` (issue 42, decision 056): an order's schedule as an AAAA Proposal
 * (0.3.0.5A). Its outlet is the order's channel (call letters, else the channel's number) and its
 * Seller the station's channel; an order imported from a proposal keeps its uniqueIdentifier and is sent
 * as `Revised` at the next version, any other as `New` version 1 with the order's id. With a target demo,
 * the station's audience on it is stated too (decision 057): each line's book rating and impressions as
 * its DemoValues, and the order's GRPs, impressions, CPP and CPM in a comment naming the book.
 */
import { xmlSafe } from '../../../domain/as-run-fields';
import type { Audience } from '../../../domain/audience-schemas';
import { formatCurrency } from '../../../domain/format';
import type { OrderActor } from '../../../domain/orders';
import { proposalXml } from '../../../domain/proposal-xml';
import { SCHEDULE_MESSAGES } from '../../../domain/schedule-schemas';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { orderAudience } from '../audience/order-audience';
import { brandSummary } from '../brands/public';
import { channelsToMatch } from '../channels/public';
import { readableOrder } from './orders';
import { scheduleDetail } from './schedule-store';

export const exportProposal = async ({ db, actor, id, now }: { db: Db; actor: OrderActor; id: string; now: Date }): Promise<string> => {
  const order = await readableOrder(db, actor, id);
  const schedule = await scheduleDetail(db, id);
  if (!schedule) throw notFound(SCHEDULE_MESSAGES.noSchedule);
  const channel = (await channelsToMatch(db)).find((c) => c.id === order.channelId);
  const brand = order.brandId ? await brandSummary(db, order.brandId) : undefined;
  const callLetters = channel?.callLetters ?? channel?.channelNumber ?? '';
  // The station's audience on the target demo (issue 43, decision 057), from the book frozen at booking, else the current one.
  const audience = order.targetDemo ? await orderAudience(db, actor, id, order.targetDemo) : null;
  return proposalXml(
    {
      uniqueIdentifier: schedule.proposal_id ?? order.id,
      version: (schedule.proposal_version ?? 0) + 1,
      action: schedule.proposal_id ? 'Revised' : 'New',
      name: xmlSafe(order.estimateName || 'Order'),
      seller: xmlSafe([callLetters, channel?.name].filter(Boolean).join(' ')),
      advertiser: xmlSafe(brand?.commonName ?? ''),
      callLetters: xmlSafe(callLetters),
      sendDateTime: now.toISOString().slice(0, 19),
    },
    schedule,
    audience?.demo && audience.book_name
      ? {
          demo: audience.demo,
          summary: xmlSafe(audienceSummary(audience)).replace(/-{2,}/g, '-'),
          lines: new Map(audience.lines.map((l) => [l.id, { rating: l.rating, impressions: l.impressions_per_spot }])),
        }
      : undefined,
  );
};

const money = (cents: number | null) => (cents === null ? 'n/a' : formatCurrency(cents / 100));

/** "A25-54 on book Nov26 (as booked): 20.0 GRPs, 200.0 (000) impressions, CPP $10.25, CPM $1.02". */
const audienceSummary = (a: Audience) =>
  `${a.demo} on book ${a.book_name}${a.frozen ? ' (as booked)' : ''}: ${a.total.grps.toFixed(1)} GRPs, ${a.total.impressions.toFixed(1)} (000) impressions, CPP ${money(a.total.cpp_cents)}, CPM ${money(a.total.cpm_cents)}`;

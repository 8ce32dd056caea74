/**
 * `GET /api/estimates/:id/proposal.xml` (issue 42, decision 056): an order's schedule as an AAAA Proposal
 * (0.3.0.5A). Its outlet is the order's channel (call letters, else the channel's number) and its
 * Seller the station's channel; an order imported from a proposal keeps its uniqueIdentifier and is sent
 * as `Revised` at the next version, any other as `New` version 1 with the order's id.
 */
import { xmlSafe } from '../../../domain/as-run-fields';
import type { OrderActor } from '../../../domain/orders';
import { proposalXml } from '../../../domain/proposal-xml';
import { SCHEDULE_MESSAGES } from '../../../domain/schedule-schemas';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
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
  );
};

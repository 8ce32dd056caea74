/**
 * `GET /api/avails/proposal.xml` (issue 42, decision 056): a channel's rate card as avails in AAAA Proposal
 * XML 0.3.0.5A: one line per daypart at the rate of one spot of the length, with the spots free in each
 * week of the range (Monday weeks, cut to the range). The channel is the Seller and the outlet.
 */
import { asc, eq } from 'drizzle-orm';
import { xmlSafe } from '../../../domain/as-run-fields';
import { availsSchedule, type AvailLength } from '../../../domain/avails';
import { proposalXml } from '../../../domain/proposal-xml';
import { dayparts } from '../../db/schema';
import type { Db } from '../../platform/db';
import { channelFileTag, channelToActOn } from '../channels/public';
import { freeSpotsByDay } from './service';

export const availsProposal = async ({
  db,
  channelId,
  from,
  to,
  length,
  now,
}: {
  db: Db;
  channelId: string | undefined;
  from: string;
  to: string;
  length: AvailLength;
  now: Date;
}): Promise<{ xml: string; fileName: string }> => {
  const channel = await channelToActOn(db, channelId);
  const rows = await db.select().from(dayparts).where(eq(dayparts.channelId, channel.id)).orderBy(asc(dayparts.startTime), asc(dayparts.name));
  const free = await freeSpotsByDay(db, rows, from, to);
  const schedule = availsSchedule({
    dayparts: rows.map((row) => ({ ...row, freeByDate: free.get(row.id) ?? new Map() })),
    from,
    to,
    length,
  });
  const callLetters = channel.callLetters ?? channel.channelNumber;
  const tag = channelFileTag(channel);
  const xml = proposalXml(
    {
      uniqueIdentifier: `avails-${tag}-${from}-${to}-${length}`,
      version: 1,
      action: 'New',
      name: xmlSafe(`Avails ${from} to ${to} (:${length})`),
      seller: xmlSafe([callLetters, channel.name].filter(Boolean).join(' ')),
      advertiser: '',
      callLetters: xmlSafe(callLetters),
      sendDateTime: now.toISOString().slice(0, 19),
    },
    schedule,
  );
  return { xml, fileName: `avails-${tag}-${from}.xml` };
};

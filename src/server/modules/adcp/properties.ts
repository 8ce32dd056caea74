/**
 * Each active channel is an AdCP property (issue 41, decision 053): listed in adagents.json, and named by
 * the products of its dayparts. While the station has one channel, its property keeps the id it had
 * before channels (the call letters), and products cover every property of the publisher ('all').
 */
import { channelsToMatch } from '../channels/public';
import type { Tx } from '../../platform/db';

export interface ChannelProperty {
  channelId: string;
  propertyId: string;
  name: string;
  callSign: string | null;
  channelNumber: string;
}

const idOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9_]/g, '_');

/** The active channels as properties, the default first. */
export const channelProperties = async (db: Tx, station: { callLetters: string | null; name: string }): Promise<ChannelProperty[]> => {
  const rows = (await channelsToMatch(db))
    .filter((c) => c.active)
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.channelNumber.localeCompare(b.channelNumber));
  if (rows.length <= 1) {
    const only = rows[0];
    return only
      ? [
          {
            channelId: only.id,
            propertyId: idOf(station.callLetters ?? 'station'),
            name: station.callLetters ? `${station.callLetters} (${station.name})` : station.name,
            callSign: station.callLetters,
            channelNumber: only.channelNumber,
          },
        ]
      : [];
  }
  return rows.map((c) => {
    const callSign = c.callLetters ?? station.callLetters;
    return {
      channelId: c.id,
      propertyId: idOf(c.shortName ?? `${callSign ?? 'station'}_${c.channelNumber}`),
      name: `${[callSign, c.channelNumber].filter(Boolean).join(' ')} (${c.name})`,
      callSign,
      channelNumber: c.channelNumber,
    };
  });
};

/** What a product of a channel's daypart says it sells: every property while there is one, else its channel's. */
export const publisherPropertiesOf = (properties: readonly ChannelProperty[], channelId: string, publisherDomain: string) => {
  const own = properties.find((p) => p.channelId === channelId);
  return properties.length <= 1 || !own
    ? [{ publisher_domain: publisherDomain, selection_type: 'all' as const }]
    : [{ publisher_domain: publisherDomain, selection_type: 'by_id' as const, property_ids: [own.propertyId] }];
};

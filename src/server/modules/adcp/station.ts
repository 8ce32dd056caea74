/** The station as AdCP buyers see it (decision 035): its agent URL, publisher domain and identity. */
import { storedStationIdentity } from '../station/public';
import type { Db } from '../../platform/db';

export interface StationIdentity {
  name: string;
  callLetters: string | null;
  fccFacilityId: string | null;
  /** The /mcp endpoint buyers call. */
  agentUrl: string;
  /** Where adagents.json is published: the agent URL's host. */
  publisherDomain: string;
}

export const stationIdentity = async (db: Db, appUrl: string): Promise<StationIdentity> => {
  const row = await storedStationIdentity(db);
  const agentUrl = row?.agentUrl ?? `${appUrl}/mcp`;
  return {
    name: row?.name ?? 'Spotbook Station',
    callLetters: row?.callLetters ?? null,
    fccFacilityId: row?.fccFacilityId ?? null,
    agentUrl,
    publisherDomain: new URL(agentUrl).host,
  };
};

/** The formats' own namespace: the agent itself (AdCP format ids are `{ agent_url, id }`). */
export const SPOT_LENGTHS = [15, 30, 60] as const;
export type SpotLength = (typeof SPOT_LENGTHS)[number];
export const formatIdOf = (length: SpotLength) => `broadcast_spot_${length}s`;
export const lengthOfFormat = (id: string): SpotLength | undefined => SPOT_LENGTHS.find((length) => formatIdOf(length) === id);

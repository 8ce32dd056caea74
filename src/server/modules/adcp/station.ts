/** The station as AdCP buyers see it (decision 035): its agent URL, publisher domain and identity. */
import { eq } from 'drizzle-orm';
import { stationProfile } from '../../db/schema';
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
  const [row] = await db
    .select({
      name: stationProfile.name,
      callLetters: stationProfile.callLetters,
      fccFacilityId: stationProfile.fccFacilityId,
      agentUrl: stationProfile.agentUrl,
    })
    .from(stationProfile)
    .where(eq(stationProfile.id, 1))
    .limit(1);
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

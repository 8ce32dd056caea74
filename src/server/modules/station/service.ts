/** The station's profile (one row): what invoices, affidavits and logs print. */
import { eq } from 'drizzle-orm';
import { productSeparationsOf } from '../../../domain/product-categories';
import type { StationProfile, StationProfileInput } from '../../../domain/station-schemas';
import { stationProfile } from '../../db/schema';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { cleanLogo } from '../../platform/images';

type Row = typeof stationProfile.$inferSelect;
/** The stored profile; the station route adds the app's `time_zone`. */
type StoredProfile = Omit<StationProfile, 'time_zone'>;

const toProfile = (row: Row): StoredProfile => ({
  name: row.name,
  address: row.address,
  phone: row.phone,
  email: row.email,
  remit_to: row.remitTo,
  tax_id: row.taxId,
  logo: row.logo,
  frame_rate: row.frameRate,
  drop_frame: row.dropFrame,
  date_order: row.dateOrder,
  call_letters: row.callLetters,
  fcc_facility_id: row.fccFacilityId,
  agent_url: row.agentUrl,
  require_ad_id: row.requireAdId,
  auto_offer_makegoods: row.autoOfferMakegoods,
  product_separations: productSeparationsOf(row.productSeparations),
  paper_size: row.paperSize,
  station_material_prefixes: row.stationMaterialPrefixes,
  updated_at: row.updatedAt.toISOString(),
});

export const getStationProfile = async (db: Db): Promise<StoredProfile> => {
  const [row] = await db.select().from(stationProfile).where(eq(stationProfile.id, 1)).limit(1);
  if (row) return toProfile(row);
  const [created] = await db.insert(stationProfile).values({ id: 1 }).onConflictDoNothing().returning();
  return created ? toProfile(created) : getStationProfile(db);
};

export const updateStationProfile = async (db: Db, input: StationProfileInput): Promise<StoredProfile> => {
  // A logo is kept only as a whole image, a PNG written again from its pixels (decision 008, issue 30).
  const logo = input.logo === null ? null : cleanLogo(input.logo);
  if (input.logo !== null && logo === null) throw badRequest('Logo must be a PNG or JPEG image', 'logo');
  const columns = {
    name: input.name,
    address: input.address,
    phone: input.phone,
    email: input.email,
    remitTo: input.remit_to,
    taxId: input.tax_id,
    logo,
    ...(input.frame_rate !== undefined ? { frameRate: input.frame_rate } : {}),
    ...(input.drop_frame !== undefined ? { dropFrame: input.drop_frame } : {}),
    ...(input.date_order !== undefined ? { dateOrder: input.date_order } : {}),
    ...(input.call_letters !== undefined ? { callLetters: input.call_letters } : {}),
    ...(input.fcc_facility_id !== undefined ? { fccFacilityId: input.fcc_facility_id } : {}),
    ...(input.agent_url !== undefined ? { agentUrl: input.agent_url } : {}),
    ...(input.require_ad_id !== undefined ? { requireAdId: input.require_ad_id } : {}),
    ...(input.auto_offer_makegoods !== undefined ? { autoOfferMakegoods: input.auto_offer_makegoods } : {}),
    ...(input.product_separations !== undefined ? { productSeparations: input.product_separations } : {}),
    ...(input.paper_size !== undefined ? { paperSize: input.paper_size } : {}),
    ...(input.station_material_prefixes !== undefined
      ? { stationMaterialPrefixes: [...new Set(input.station_material_prefixes.map((p) => p.toUpperCase()))] }
      : {}),
  };
  // In a transaction of the request: the audit trail records who changed the profile (decision 008).
  const [row] = await db.transaction((tx) =>
    tx
      .insert(stationProfile)
      .values({ id: 1, ...columns })
      .onConflictDoUpdate({ target: stationProfile.id, set: { ...columns, updatedAt: new Date() } })
      .returning(),
  );
  return toProfile(row!);
};

/** How master control writes time: its frame rate (drop-frame or not) and the date order of its text files. */
export const stationMasterControl = async (
  db: Db,
): Promise<{ frameRate: number; dropFrame: boolean; dateOrder: 'MDY' | 'DMY'; stationMaterial: readonly string[] }> => {
  const [row] = await db
    .select({
      frameRate: stationProfile.frameRate,
      dropFrame: stationProfile.dropFrame,
      dateOrder: stationProfile.dateOrder,
      stationMaterial: stationProfile.stationMaterialPrefixes,
    })
    .from(stationProfile)
    .where(eq(stationProfile.id, 1))
    .limit(1);
  return row ?? { frameRate: 29.97, dropFrame: true, dateOrder: 'MDY', stationMaterial: [] };
};

/** Whether a spot's commercial must have an Ad-ID before the spot is placed on the log (decision 034). */
export const stationRequiresAdId = async (db: Db): Promise<boolean> => {
  const [row] = await db.select({ requireAdId: stationProfile.requireAdId }).from(stationProfile).where(eq(stationProfile.id, 1)).limit(1);
  return row?.requireAdId ?? false;
};

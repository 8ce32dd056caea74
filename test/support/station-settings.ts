/** Station settings a test needs set directly (decision 058): with makegoods offered automatically, as before the desk decided. */
import { stationProfile } from '../../src/server/db/schema';
import type { Db } from '../../src/server/platform/db';

/** Missed spots are offered makegoods as soon as an as-run (or a preempt) finds them, as the station may choose. */
export const autoOfferMakegoods = async (db: Db, on = true) => {
  await db
    .insert(stationProfile)
    .values({ id: 1, autoOfferMakegoods: on })
    .onConflictDoUpdate({ target: stationProfile.id, set: { autoOfferMakegoods: on } });
};

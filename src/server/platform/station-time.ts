/**
 * TRANSITIONAL (issue 22, decision 041): the station time of the app built last, for the few server
 * files not yet handed AppContext.time (campaigns, analytics, reconciliation, billing documents,
 * AdCP, audit filters, the demo). New code takes `ctx.time` or a `today`/`time` parameter instead;
 * each remaining call is `appStationTime()` so that they are easy to find and remove.
 */
import { stationTime, type StationTime } from '../../domain/dates';

let current: StationTime = stationTime('UTC');

/** Called by buildApp only. */
export const setAppStationTime = (time: StationTime) => {
  current = time;
};

export const appStationTime = (): StationTime => current;

import { addDays } from '../../../domain/dates';
import { SOLD_STATUSES, type OrderStatus } from '../../../domain/orders';
import { stationToday } from '../../shared/station-time';
import { useOrderSpots } from '../../api/traffic';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { SPOT_STATUS_TONES, formatAirTime, formatBroadcastDay, formatSpotLength, spotStatusLabel } from '../../ui/traffic-display';

const ON_THE_LOG: readonly OrderStatus[] = SOLD_STATUSES;

/** How many past days the list shows, so that a recent miss or makegood stays in sight (issue 44). */
const PAST_DAYS = 7;

/** An order's own spots on the traffic log, day by day: the last week of its flight, then the next 30 days. */
export const OrderSpots = ({ orderId, status, startDate }: { orderId: string; status: OrderStatus; startDate: string | null }) => {
  const onTheLog = ON_THE_LOG.includes(status);
  const today = stationToday();
  const weekAgo = addDays(today, -PAST_DAYS);
  const from = startDate && startDate > weekAgo ? startDate : weekAgo;
  const spots = useOrderSpots(orderId, onTheLog, { from, to: addDays(from > today ? from : today, 30) });
  if (!onTheLog) return null;
  return (
    <Card className="mt-6">
      <section aria-labelledby="order-spots-heading" className="p-4 sm:p-6">
        <h2 id="order-spots-heading" className="text-lg font-semibold text-slate-900">
          Spots on the traffic log
        </h2>
        {spots.isPending ? (
          <p className="mt-3 flex items-center gap-2 text-sm text-slate-500">
            <Spinner className="size-4" /> Loading spots…
          </p>
        ) : spots.isError ? (
          <p className="mt-3 text-sm text-red-600">{spots.error.message}</p>
        ) : spots.data.days.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">No spots placed yet: the log of each day is placed automatically in the days before it airs.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {spots.data.days.map((day) => (
              <li key={day.date} className="py-3">
                <p className="text-sm font-medium text-slate-900">
                  {formatBroadcastDay(day.date)}{' '}
                  <span className="font-normal text-slate-500">
                    · {day.spots.length} {day.spots.length === 1 ? 'spot' : 'spots'}
                  </span>
                </p>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {day.spots.map((spot) => (
                    <li key={spot.id} className="flex items-center gap-2 rounded-md border border-slate-200 px-2 py-1 text-xs text-slate-700">
                      <span className="font-mono">{formatAirTime(spot.local_time)}</span>
                      <span>{spot.daypart_name}</span>
                      <span className="text-slate-500">{formatSpotLength(spot.duration_seconds)}</span>
                      <Badge tone={SPOT_STATUS_TONES[spot.status]}>{spotStatusLabel(spot)}</Badge>
                      {spot.adu && (
                        <span
                          className="ml-2 text-xs font-medium text-emerald-700"
                          title="Audience deficiency unit: a no-charge spot owed on the audience guarantee"
                        >
                          ADU · no charge
                        </span>
                      )}
                      {spot.added_after_export && <span className="ml-2 text-xs font-medium text-amber-700">Added after export</span>}
                      {spot.moved_from_date && (
                        <span className="ml-2 text-xs font-medium text-amber-700">Moved from {formatBroadcastDay(spot.moved_from_date)}</span>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
};

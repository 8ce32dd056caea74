import { Link } from 'react-router';
import type { TrafficLog, TrafficSpot } from '../../../domain/traffic-schemas';
import { countOf } from '../../../domain/format';
import { paths } from '../../config/paths';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Table, Th, cellClasses } from '../../ui/table';
import { SpotActions } from './spot-actions';
import { SeparationConflictBadge } from './separation-conflict-badge';
import { formatTimeRange } from '../../ui/order-form-display';
import { SPOT_STATUS_TONES, formatAirTime, formatBroadcastDay, formatSpotLength, spotStatusLabel } from '../../ui/traffic-display';

type DaypartFill = TrafficLog['dayparts'][number];

const FillBar = ({ placed, capacity, name }: { placed: number; capacity: number; name: string }) => {
  const percent = capacity > 0 ? Math.min(100, Math.round((placed / capacity) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={`${name} fill`}
      aria-valuemin={0}
      aria-valuemax={capacity}
      aria-valuenow={placed}
      aria-valuetext={`${placed} of ${countOf(capacity, 'spot')} placed`}
      className="h-2 w-32 overflow-hidden rounded-full bg-slate-100"
    >
      <div className={`h-full ${percent >= 100 ? 'bg-amber-500' : 'bg-blue-600'}`} style={{ width: `${percent}%` }} />
    </div>
  );
};

/** Spots grouped by their break, in air order. */
const byBreak = (spots: readonly TrafficSpot[]) => {
  const breaks = new Map<string, TrafficSpot[]>();
  for (const spot of spots) breaks.set(spot.break_at, [...(breaks.get(spot.break_at) ?? []), spot]);
  return [...breaks.values()];
};

/** One daypart of the day: its fill, then its breaks with their spots. */
export const DaypartLog = ({ daypart, spots }: { daypart: DaypartFill; spots: readonly TrafficSpot[] }) => (
  <Card>
    <section aria-labelledby={`daypart-${daypart.id}`}>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div>
          <h2 id={`daypart-${daypart.id}`} className="font-semibold text-slate-900">
            {daypart.name}
          </h2>
          <p className="text-xs text-slate-500">{formatTimeRange(daypart.start_time, daypart.end_time)}</p>
        </div>
        <div className="flex items-center gap-3 text-sm text-slate-700">
          <FillBar placed={daypart.placed} capacity={daypart.capacity} name={daypart.name} />
          <span>
            {daypart.placed} / {daypart.capacity} placed
          </span>
        </div>
      </header>
      {spots.length === 0 ? (
        <p className="px-4 py-4 text-sm text-slate-500">No spots in this daypart.</p>
      ) : (
        <Table caption={`${daypart.name} spots`}>
          <thead className="bg-slate-50">
            <tr>
              <Th>Time</Th>
              <Th>Program</Th>
              <Th>Brand</Th>
              <Th>Order</Th>
              <Th>House code</Th>
              <Th>Ad-ID / title</Th>
              <Th>Length</Th>
              <Th>Status</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          {byBreak(spots).map((group) => (
            <tbody key={group[0]!.break_at} className="divide-y divide-slate-100 border-t-2 border-slate-200">
              {group.map((spot) => (
                <tr key={spot.id} className={spot.status === 'cancelled' ? 'text-slate-500 line-through decoration-slate-300' : undefined}>
                  <td className={`${cellClasses} whitespace-nowrap font-mono text-xs`}>{formatAirTime(spot.local_time)}</td>
                  <td className={`${cellClasses} max-w-40 truncate`} title={spot.program ?? undefined}>
                    {spot.program ?? <span className="text-slate-500">—</span>}
                  </td>
                  <td className={cellClasses}>{spot.brand_name ?? '—'}</td>
                  <td className={`${cellClasses} max-w-56 truncate`} title={spot.estimate_name ?? undefined}>
                    <Link to={paths.app.estimate.href(spot.estimate_id)} className="text-blue-700 hover:underline">
                      {spot.estimate_name || 'Untitled order'}
                    </Link>
                  </td>
                  <td className={`${cellClasses} font-mono text-xs`}>{spot.house_code}</td>
                  <td className={cellClasses}>
                    {spot.ad_id ? (
                      <span className="font-mono text-xs">{spot.ad_id}</span>
                    ) : (
                      <span className="text-xs font-medium text-amber-700">No Ad-ID</span>
                    )}
                    {spot.title && <span className="block text-xs text-slate-600">{spot.title}</span>}
                  </td>
                  <td className={cellClasses}>{formatSpotLength(spot.duration_seconds)}</td>
                  <td className={cellClasses}>
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
                    {spot.desk_reason && <span className="block text-xs text-slate-600">{spot.desk_reason}</span>}
                    {spot.separation_conflict && spot.status === 'scheduled' && <SeparationConflictBadge conflict={spot.separation_conflict} />}
                  </td>
                  <td className={cellClasses}>
                    <SpotActions spot={spot} />
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </Table>
      )}
    </section>
  </Card>
);

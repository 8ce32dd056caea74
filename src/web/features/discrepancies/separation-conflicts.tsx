import { Link } from 'react-router';
import type { Discrepancies } from '../../../domain/traffic-schemas';
import { paths } from '../../config/paths';
import { OrderLink } from './order-link';
import { Table, Th, cellClasses } from '../../ui/table';
import { formatAirTime, formatBroadcastDay, separationConflictText } from '../../ui/traffic-display';

/** Spots to air placed against the product separation (decision 059): the desk moves one from the day's log. */
export const SeparationConflictsTable = ({ spots }: { spots: Discrepancies['separation_conflicts'] }) => (
  <Table caption="Separation conflicts">
    <thead>
      <tr>
        <Th>Day</Th>
        <Th>Time</Th>
        <Th>Daypart</Th>
        <Th>Brand</Th>
        <Th>Too close to</Th>
        <Th>Order</Th>
      </tr>
    </thead>
    <tbody className="divide-y divide-slate-100">
      {spots.map((spot) => (
        <tr key={spot.id}>
          <td className={cellClasses}>
            <Link to={`${paths.app.admin.traffic.href()}?date=${spot.air_date}`} className="text-blue-700 hover:underline">
              {formatBroadcastDay(spot.air_date)}
            </Link>
          </td>
          <td className={`${cellClasses} font-mono text-xs`}>{formatAirTime(spot.local_time)}</td>
          <td className={cellClasses}>{spot.daypart_name}</td>
          <td className={cellClasses}>{spot.brand_name ?? '—'}</td>
          <td className={cellClasses}>{separationConflictText(spot.separation_conflict)}</td>
          <td className={cellClasses}>
            <OrderLink order={{ ...spot, brand_name: null }} />
          </td>
        </tr>
      ))}
    </tbody>
  </Table>
);

import { useState } from 'react';
import type { Daypart } from '../../../domain/daypart-schemas';
import { formatCount, formatCurrency } from '../../../domain/format';
import { dayLabel } from '../../../domain/rate-card';
import { useDayparts } from '../../api/dayparts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner } from '../../ui/spinner';
import { Table, Th } from '../../ui/table';
import { formatTimeRange } from '../order-form/display';
import { compactCell, compactHeader } from '../orders/table-styles';
import { DaypartFormModal } from './daypart-form-modal';

const number = `${compactCell} whitespace-nowrap text-right tabular-nums`;

const RateCardTable = ({ dayparts, onEdit }: { dayparts: readonly Daypart[]; onEdit: (d: Daypart) => void }) => (
  <Table caption="Rate card">
    <thead className="bg-slate-50">
      <tr>
        <Th className={compactHeader}>Daypart</Th>
        <Th className={compactHeader}>Time</Th>
        <Th className={compactHeader}>Days</Th>
        <Th className={`${compactHeader} text-right`}>Base CPM</Th>
        <Th className={`${compactHeader} text-right`}>Min CPM</Th>
        <Th className={`${compactHeader} text-right`}>Multiplier</Th>
        <Th className={`${compactHeader} text-right`}>Spots / day</Th>
        <Th className={`relative ${compactHeader}`}>
          <span className="sr-only">Actions</span>
        </Th>
      </tr>
    </thead>
    <tbody className="divide-y divide-slate-100 bg-white">
      {dayparts.map((d) => (
        <tr key={d.id} className="hover:bg-slate-50">
          <td className={`${compactCell} max-w-56`}>
            <span className="block truncate font-medium text-slate-900" title={d.name}>
              {d.name}
            </span>
            {d.is_prime_time && <Badge tone="amber">Prime time</Badge>}
          </td>
          <td className={`${compactCell} whitespace-nowrap`}>{formatTimeRange(d.start_time, d.end_time)}</td>
          <td className={`${compactCell} whitespace-nowrap`}>{dayLabel(d.days_of_week)}</td>
          <td className={number}>{formatCurrency(d.base_cpm)}</td>
          <td className={number}>{formatCurrency(d.min_cpm)}</td>
          <td className={number}>×{d.multiplier}</td>
          <td className={number}>{formatCount(d.spot_frequency)}</td>
          <td className={`${compactCell} text-right`}>
            <Button variant="secondary" size="sm" aria-label={`Edit ${d.name}`} onClick={() => onEdit(d)}>
              Edit
            </Button>
          </td>
        </tr>
      ))}
    </tbody>
  </Table>
);

/** Rate Card (admins): the dayparts that orders are priced from, each edited in a form. */
export const RateCardScreen = () => {
  const dayparts = useDayparts();
  const [editing, setEditing] = useState<Daypart | null>(null);
  return (
    <>
      <PageHeader title="Rate Card" description="The dayparts orders are priced from: times, days, CPMs and how many spots a day may be sold. Changes apply to new pricing; submitted orders keep their prices." />
      <Card>
        {dayparts.isPending ? (
          <PageSpinner label="Loading the rate card…" />
        ) : dayparts.isError ? (
          <EmptyState tone="error" title="The rate card could not be loaded" description={dayparts.error.message} action={<Button onClick={() => void dayparts.refetch()}>Try again</Button>} />
        ) : dayparts.data.length === 0 ? (
          <EmptyState title="No dayparts yet" description="The rate card is empty." />
        ) : (
          <RateCardTable dayparts={dayparts.data} onEdit={setEditing} />
        )}
      </Card>
      <DaypartFormModal daypart={editing} onClose={() => setEditing(null)} />
    </>
  );
};

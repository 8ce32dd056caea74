import { useState } from 'react';
import type { Daypart } from '../../../domain/daypart-schemas';
import { formatCount, formatCurrency } from '../../../domain/format';
import { dayLabel } from '../../../domain/rate-card';
import { useDayparts } from '../../api/dayparts';
import { ChannelPicker } from '../../ui/channel-picker';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner } from '../../ui/spinner';
import { Table, Th } from '../../ui/table';
import { formatTimeRange } from '../../ui/order-form-display';
import { compactCell, compactHeader } from '../../ui/table-styles';
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

/** On a phone: one card per daypart, the figures in two columns. */
const RateCardList = ({ dayparts, onEdit }: { dayparts: readonly Daypart[]; onEdit: (d: Daypart) => void }) => (
  <ul className="divide-y divide-slate-100" aria-label="Rate card">
    {dayparts.map((d) => (
      <li key={d.id} className="p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{d.name}</p>
            <p className="text-sm text-slate-600">
              {formatTimeRange(d.start_time, d.end_time)} · {dayLabel(d.days_of_week)}
            </p>
            {d.is_prime_time && <Badge tone="amber">Prime time</Badge>}
          </div>
          <Button variant="secondary" size="sm" aria-label={`Edit ${d.name}`} onClick={() => onEdit(d)}>
            Edit
          </Button>
        </div>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Base CPM</dt>
          <dd className="text-right tabular-nums text-slate-900">{formatCurrency(d.base_cpm)}</dd>
          <dt className="text-slate-500">Min CPM</dt>
          <dd className="text-right tabular-nums text-slate-900">{formatCurrency(d.min_cpm)}</dd>
          <dt className="text-slate-500">Multiplier</dt>
          <dd className="text-right tabular-nums text-slate-900">×{d.multiplier}</dd>
          <dt className="text-slate-500">Spots / day</dt>
          <dd className="text-right tabular-nums text-slate-900">{formatCount(d.spot_frequency)}</dd>
        </dl>
      </li>
    ))}
  </ul>
);

/** Rate Card (admins): the dayparts that orders are priced from, each edited in a form. */
export const RateCardScreen = () => {
  const [channelId, setChannelId] = useState<string | undefined>(undefined);
  const dayparts = useDayparts(channelId);
  const [editing, setEditing] = useState<Daypart | null>(null);
  return (
    <>
      <PageHeader
        title="Rate Card"
        description="The dayparts orders are priced from: times, days, CPMs and how many spots a day may be sold. Changes apply to new pricing; submitted orders keep their prices."
      />
      <ChannelPicker value={channelId} onChange={setChannelId} label="Rate card of" />
      <Card>
        {dayparts.isPending ? (
          <PageSpinner label="Loading the rate card…" />
        ) : dayparts.isError ? (
          <EmptyState
            tone="error"
            title="The rate card could not be loaded"
            description={dayparts.error.message}
            action={<Button onClick={() => void dayparts.refetch()}>Try again</Button>}
          />
        ) : dayparts.data.length === 0 ? (
          <EmptyState title="No dayparts yet" description="The rate card is empty." />
        ) : (
          <>
            <div className="hidden md:block">
              <RateCardTable dayparts={dayparts.data} onEdit={setEditing} />
            </div>
            <div className="md:hidden">
              <RateCardList dayparts={dayparts.data} onEdit={setEditing} />
            </div>
          </>
        )}
      </Card>
      <DaypartFormModal daypart={editing} onClose={() => setEditing(null)} />
    </>
  );
};

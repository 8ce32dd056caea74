import type { ReactNode } from 'react';
import type { DiscrepancySpot } from '../../../domain/traffic-schemas';
import { useDiscrepancies } from '../../api/traffic';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner } from '../../ui/spinner';
import { Table, Th, cellClasses } from '../../ui/table';
import { formatAirTime, formatBroadcastDay } from '../../ui/traffic-display';
import { OfferMakegood } from './offer-makegood';
import { OrderLink } from './order-link';
import { SeparationConflictsTable } from './separation-conflicts';

const Section = ({ title, hint, count, children }: { title: string; hint: string; count: number; children: ReactNode }) => (
  <Card className="p-4">
    <section aria-label={title}>
      <h2 className="text-base font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-500">({count})</span>
      </h2>
      <p className="mb-3 text-sm text-slate-600">{hint}</p>
      {count === 0 ? <p className="text-sm text-slate-500">Nothing to look at.</p> : children}
    </section>
  </Card>
);

const SpotTable = ({ caption, spots, extra }: { caption: string; spots: (DiscrepancySpot & { makegood_status?: string | null })[]; extra?: boolean }) => (
  <Table caption={caption}>
    <thead>
      <tr>
        <Th>Day</Th>
        <Th>Time</Th>
        <Th>Daypart</Th>
        <Th>Order</Th>
        <Th>House code</Th>
        {extra && <Th>Makegood</Th>}
      </tr>
    </thead>
    <tbody className="divide-y divide-slate-100">
      {spots.map((spot) => (
        <tr key={spot.id}>
          <td className={cellClasses}>{formatBroadcastDay(spot.air_date)}</td>
          <td className={`${cellClasses} font-mono text-xs`}>{formatAirTime(spot.local_time)}</td>
          <td className={cellClasses}>{spot.daypart_name}</td>
          <td className={cellClasses}>
            <OrderLink order={spot} />
          </td>
          <td className={`${cellClasses} font-mono text-xs`}>{spot.house_code}</td>
          {extra && (
            <td className={cellClasses}>
              {spot.makegood_status === 'offered' ? (
                'Offered, no answer yet'
              ) : (
                <span className="flex flex-wrap items-center gap-2">
                  Not offered
                  <OfferMakegood spotId={spot.id} label={`${spot.estimate_name || 'Untitled order'} at ${formatAirTime(spot.local_time)}`} />
                </span>
              )}
            </td>
          )}
        </tr>
      ))}
    </tbody>
  </Table>
);

/** Discrepancies (admins, decision 031): what the traffic desk must settle before it certifies or bills. */
export const DiscrepanciesScreen = () => {
  const list = useDiscrepancies();
  const data = list.data;
  return (
    <>
      <PageHeader
        title="Discrepancies"
        description="Spots and as-run rows that need the traffic desk: nothing here is certified or billed until it is settled."
      />
      {list.isPending ? (
        <PageSpinner label="Loading discrepancies…" />
      ) : list.isError ? (
        <Card>
          <EmptyState
            tone="error"
            title="The discrepancies could not be loaded"
            description={list.error.message}
            action={<Button onClick={() => void list.refetch()}>Try again</Button>}
          />
        </Card>
      ) : (
        <div className="space-y-4">
          <Section
            title="Unconfirmed spots"
            hint="Past days with no as-run after the grace period: not aired, not missed. Import the day's as-run to settle them."
            count={data!.unconfirmed.length}
          >
            <SpotTable caption="Unconfirmed spots" spots={data!.unconfirmed} />
          </Section>
          <Section
            title="Missed spots without a makegood decision"
            hint="Missed spots whose makegood was not offered, or is offered and not answered yet."
            count={data!.missed_undecided.length}
          >
            <SpotTable caption="Missed spots without a makegood decision" spots={data!.missed_undecided} extra />
          </Section>
          <Section title="Unmatched as-run rows" hint="Rows of imported as-runs that matched no spot on the log." count={data!.unmatched_rows.length}>
            <Table caption="Unmatched as-run rows">
              <thead>
                <tr>
                  <Th>File</Th>
                  <Th>Line</Th>
                  <Th>Date</Th>
                  <Th>Time</Th>
                  <Th>House code</Th>
                  <Th>Reason</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data!.unmatched_rows.map((row) => (
                  <tr key={`${row.import_id}-${row.line}`}>
                    <td className={cellClasses}>{row.filename}</td>
                    <td className={cellClasses}>{row.line}</td>
                    <td className={cellClasses}>{row.date}</td>
                    <td className={`${cellClasses} font-mono text-xs`}>{row.time}</td>
                    <td className={`${cellClasses} font-mono text-xs`}>{row.house_code}</td>
                    <td className={cellClasses}>{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Section>
          <Section
            title="Days never placed"
            hint="Past days of the last 30 with spots booked and no log: the station was not running. Their spots neither aired nor were missed, and are not billed."
            count={data!.unplaced_days.length}
          >
            <Table caption="Days never placed">
              <thead>
                <tr>
                  <Th>Day</Th>
                  <Th>Spots booked</Th>
                  <Th>Orders</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data!.unplaced_days.map((day) => (
                  <tr key={`${day.channel_id}-${day.date}`}>
                    <td className={cellClasses}>{formatBroadcastDay(day.date)}</td>
                    <td className={`${cellClasses} tabular-nums`}>{day.spots}</td>
                    <td className={`${cellClasses} tabular-nums`}>{day.orders}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Section>
          <Section
            title="Aired off schedule"
            hint="Spots of the last 7 days that aired more than a minute from their scheduled time: aired and billed, but not where the log put them."
            count={data!.off_schedule.length}
          >
            <Table caption="Aired off schedule">
              <thead>
                <tr>
                  <Th>Day</Th>
                  <Th>Scheduled</Th>
                  <Th>Aired</Th>
                  <Th>Order</Th>
                  <Th>House code</Th>
                  <Th>Off by</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data!.off_schedule.map((spot) => (
                  <tr key={spot.id}>
                    <td className={cellClasses}>{formatBroadcastDay(spot.air_date)}</td>
                    <td className={`${cellClasses} font-mono text-xs`}>{formatAirTime(spot.local_time)}</td>
                    <td className={`${cellClasses} font-mono text-xs`}>{formatAirTime(spot.aired_time)}</td>
                    <td className={cellClasses}>
                      <OrderLink order={spot} />
                    </td>
                    <td className={`${cellClasses} font-mono text-xs`}>{spot.house_code}</td>
                    <td className={cellClasses}>{spot.off_by}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Section>
          <Section title="Late bookings" hint="Spots added after their day went to master control: export the day again." count={data!.late_bookings.length}>
            <SpotTable caption="Late bookings" spots={data!.late_bookings} />
          </Section>
          <Section
            title="Moved spots"
            hint="Spots booked for a day whose air time had passed: moved to the nearest free day of their window, or to none."
            count={data!.moved_spots.length}
          >
            <Table caption="Moved spots">
              <thead>
                <tr>
                  <Th>Booked for</Th>
                  <Th>Moved to</Th>
                  <Th>Daypart</Th>
                  <Th>Order</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data!.moved_spots.map((move, index) => (
                  <tr key={`${move.estimate_id}-${move.moved_at}-${index}`}>
                    <td className={cellClasses}>{formatBroadcastDay(move.from_date)}</td>
                    <td className={cellClasses}>
                      {move.to_date ? formatBroadcastDay(move.to_date) : <span className="font-medium text-red-700">No free day left in its flight</span>}
                    </td>
                    <td className={cellClasses}>{move.daypart_name}</td>
                    <td className={cellClasses}>
                      <OrderLink order={move} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Section>
          <Section
            title="Completed with unconfirmed spots"
            hint="Orders completed while spots had no as-run: import the as-run to settle them before certifying or billing."
            count={data!.completed_unconfirmed.length}
          >
            <Table caption="Completed with unconfirmed spots">
              <thead>
                <tr>
                  <Th>Order</Th>
                  <Th>Flight end</Th>
                  <Th>Spots without an as-run</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data!.completed_unconfirmed.map((order) => (
                  <tr key={order.estimate_id}>
                    <td className={cellClasses}>
                      <OrderLink order={order} />
                    </td>
                    <td className={cellClasses}>{order.end_date ? formatBroadcastDay(order.end_date) : '—'}</td>
                    <td className={cellClasses}>{order.unconfirmed_spots}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Section>
          <Section
            title="No Ad-ID"
            hint="Spots still to air whose commercial has no Ad-ID: ask the advertiser or agency for it (Media screen)."
            count={data!.no_ad_id.length}
          >
            <SpotTable caption="No Ad-ID" spots={data!.no_ad_id} />
          </Section>
          <Section
            title="Separation conflicts"
            hint="Spots to air placed closer to another brand of their product category than the station's separation: move one from the day's Traffic Log."
            count={data!.separation_conflicts.length}
          >
            <SeparationConflictsTable spots={data!.separation_conflicts} />
          </Section>
        </div>
      )}
    </>
  );
};

import { stationToday } from '../../shared/station-time';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { addDays, isIsoDate } from '../../../domain/dates';
import { downloadTrafficLog, useTrafficLog, type TrafficExportFormat } from '../../api/traffic';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ClockIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner } from '../../ui/spinner';
import { inputClasses } from '../../ui/text-field';
import { DaypartLog } from './daypart-log';
import { formatTimestamp } from '../../ui/campaign-display';
import { formatBroadcastDay } from '../../ui/traffic-display';
import { ChannelPicker } from '../../ui/channel-picker';

/**
 * Traffic Log (admins): one broadcast day of spots at their air times, daypart by daypart and break
 * by break, with each daypart's fill, and the day's export for master control (CSV, BXF).
 */
export const TrafficLogScreen = () => {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('date') ?? '';
  const date = isIsoDate(requested) ? requested : stationToday();
  const setDate = (next: string) => setSearch(next === stationToday() ? {} : { date: next }, { replace: true });
  const [channelId, setChannelId] = useState<string | undefined>(undefined);
  const log = useTrafficLog(date, channelId);
  const [exporting, setExporting] = useState<TrafficExportFormat | 'changes' | null>(null);

  const onExport = async (format: TrafficExportFormat, changesOnly = false) => {
    setExporting(changesOnly ? 'changes' : format);
    try {
      await downloadTrafficLog(date, format, changesOnly, channelId);
      toast.success(`Traffic log of ${formatBroadcastDay(date)} exported`);
      void log.refetch();
    } catch (error) {
      toast.error((error as Error).message || 'Export failed');
    } finally {
      setExporting(null);
    }
  };

  const data = log.data;
  const airing = data?.dayparts.filter((d) => d.airs) ?? [];
  return (
    <>
      <PageHeader
        title="Traffic Log"
        description={`Every booked spot of the broadcast day at its air time${data ? ` (${data.time_zone} time)` : ''}.`}
        actions={
          <>
            <Button variant="secondary" loading={exporting === 'csv'} disabled={!data || exporting !== null} onClick={() => void onExport('csv')}>
              Export CSV
            </Button>
            <Button variant="secondary" loading={exporting === 'bxf'} disabled={!data || exporting !== null} onClick={() => void onExport('bxf')}>
              Export BXF
            </Button>
          </>
        }
      />
      <ChannelPicker value={channelId} onChange={setChannelId} label="Log of" />
      <Card className="mb-6 flex flex-wrap items-end gap-3 p-4">
        <Button variant="secondary" onClick={() => setDate(addDays(date, -1))} aria-label="Previous day">
          ‹ Previous
        </Button>
        <div>
          <label htmlFor="traffic-day" className="mb-1 block text-sm font-medium text-slate-700">
            Broadcast day
          </label>
          <input
            id="traffic-day"
            type="date"
            className={inputClasses(false)}
            value={date}
            onChange={(e) => isIsoDate(e.target.value) && setDate(e.target.value)}
          />
        </div>
        <Button variant="secondary" onClick={() => setDate(addDays(date, 1))} aria-label="Next day">
          Next ›
        </Button>
        <Button variant="ghost" onClick={() => setDate(stationToday())} disabled={date === stationToday()}>
          Today
        </Button>
        <p className="ml-auto text-sm text-slate-600" aria-live="polite">
          <span className="font-medium text-slate-900">{formatBroadcastDay(date)}</span>
          {data && (data.placed ? ` · placed ${formatTimestamp(data.built_at)}` : ' · not placed yet')}
          {data?.first_exported_at && ` · first sent to master control ${formatTimestamp(data.first_exported_at)}`}
          {data?.exported_at && data.exported_at !== data.first_exported_at && ` · last sent ${formatTimestamp(data.exported_at)}`}
        </p>
        {data && data.changes_since_export > 0 && (
          <div role="status" className="flex w-full flex-wrap items-center gap-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <span className="font-medium">
              {data.changes_since_export} {data.changes_since_export === 1 ? 'change' : 'changes'} since export — export again
            </span>
            <Button size="sm" variant="secondary" loading={exporting === 'changes'} disabled={exporting !== null} onClick={() => void onExport('bxf', true)}>
              Export changes (BXF)
            </Button>
          </div>
        )}
      </Card>
      {log.isPending ? (
        <PageSpinner label="Loading the traffic log…" />
      ) : log.isError ? (
        <Card>
          <EmptyState
            tone="error"
            title="The traffic log could not be loaded"
            description={log.error.message}
            action={<Button onClick={() => void log.refetch()}>Try again</Button>}
          />
        </Card>
      ) : data!.spots.length === 0 ? (
        <Card>
          <EmptyState
            icon={<ClockIcon />}
            title="No spots on this day"
            description={
              data!.placed
                ? 'No booked order airs on this broadcast day.'
                : 'The log of a day is placed automatically in the days before it; booked orders appear here then.'
            }
          />
        </Card>
      ) : (
        <div className="space-y-4">
          {airing.map((daypart) => (
            <DaypartLog key={daypart.id} daypart={daypart} spots={data!.spots.filter((s) => s.daypart_id === daypart.id)} />
          ))}
        </div>
      )}
    </>
  );
};

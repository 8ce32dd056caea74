/**
 * The order page's week grid (issue 42, decisions 056 and 064): an imported or entered schedule, its lines
 * described, then week by week (a row a week, a column a line, so that a quarter fits the page), with each
 * week's and each line's spots and gross. "Edit weeks" turns the cells into number fields (Tab moves
 * through them), the totals following each keystroke; saving replaces a draft's schedule, or sends a
 * submitted or booked order's change as a revision for the desk to approve. Shown only for an order that
 * holds a schedule, as an aside at the page's end that never blocks or moves what is above it.
 */
import { useState } from 'react';
import { formatCurrency } from '../../../domain/format';
import { toCents, toDollars } from '../../../domain/money';
import { REVISABLE_STATUSES } from '../../../domain/schedule-revision-schemas';
import { MAX_SPOTS_PER_WEEK } from '../../../domain/schedule-schemas';
import { scheduleTotals } from '../../../domain/schedule-pricing';
import { useOrderSchedule, useSaveScheduleWeeks, type ScheduleBody } from '../../api/proposals';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { formatDay } from '../../ui/order-display';
import { Table, Th } from '../../ui/table';
import { compactCell, compactHeader } from '../../ui/table-styles';

type Schedule = NonNullable<NonNullable<ReturnType<typeof useOrderSchedule>['data']>['schedule']>;

/** The schedule as PUT …/schedule (and a revision) takes it, with the grid's spots. */
const bodyOf = (schedule: Schedule, spots: readonly number[][]): ScheduleBody => ({
  week_start_day: schedule.week_start_day as ScheduleBody['week_start_day'],
  start_date: schedule.start_date,
  end_date: schedule.end_date,
  demos: schedule.demos,
  lines: schedule.lines.map((line, l) => ({
    name: line.name,
    daypart_id: line.daypart_id!,
    days: line.days as ScheduleBody['lines'][number]['days'],
    start_time: line.start_time,
    end_time: line.end_time,
    spot_length: line.spot_length as ScheduleBody['lines'][number]['spot_length'],
    rate: line.rate,
    spots_per_week: spots[l]!,
    demo_values: line.demo_values,
    program_id: line.program_id,
  })),
});

/** A cell's typed text as spots: whole, 0 up to the most a week takes; blank is 0. */
const spotsOf = (text: string) => {
  const n = Math.floor(Number(text));
  return Number.isFinite(n) ? Math.min(MAX_SPOTS_PER_WEEK, Math.max(0, n)) : 0;
};

const number = `${compactCell} whitespace-nowrap text-right tabular-nums`;

export const OrderSchedule = ({ orderId, status }: { orderId: string; status: string }) => {
  const schedule = useOrderSchedule(orderId).data?.schedule;
  const save = useSaveScheduleWeeks(orderId);
  const [editing, setEditing] = useState<number[][] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  if (!schedule) return null;
  const asRevision = (REVISABLE_STATUSES as readonly string[]).includes(status);
  const canEdit = (status === 'draft' || asRevision) && schedule.lines.every((l) => l.daypart_id !== null);
  const spots = editing ?? schedule.lines.map((l) => l.spots_per_week);
  const totals = scheduleTotals(
    schedule.lines.map((l, i) => ({ rateCents: toCents(l.rate), spotsPerWeek: spots[i]! })),
    schedule.weeks.length,
  );
  const setCell = (line: number, week: number, text: string) =>
    setEditing((rows) => (rows ?? spots).map((row, l) => (l === line ? row.map((n, w) => (w === week ? spotsOf(text) : n)) : row)));
  const onSave = () => {
    if (!editing) return;
    setMessage(null);
    save.mutate(
      { body: bodyOf(schedule, editing), asRevision },
      {
        onSuccess: (text) => {
          setMessage(text);
          setEditing(null);
        },
      },
    );
  };
  return (
    <Card className="mt-6">
      <section aria-labelledby="order-schedule-heading" className="p-4 sm:p-6">
        <h2 id="order-schedule-heading" className="text-lg font-semibold text-slate-900">
          Weekly schedule
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {formatDay(schedule.start_date)} – {formatDay(schedule.end_date)} · weeks start on {schedule.week_start_day}
          {schedule.proposal_id && ` · proposal ${schedule.proposal_id} v${schedule.proposal_version ?? 1}`}
        </p>
        <ul className="mt-3 space-y-1 text-sm text-slate-700">
          {schedule.lines.map((line) => (
            <li key={line.id}>
              <span className="font-medium text-slate-900">{line.name}</span>:{' '}
              {line.daypart_name ?? `not mapped (${line.unmapped_reason ?? 'no daypart holds it'})`} · {line.days.map((d) => d.slice(0, 3)).join(' ')}{' '}
              {line.start_time}–{line.end_time} · :{line.spot_length} · {formatCurrency(line.rate)} a spot · {line.spots} spots, {formatCurrency(line.gross)}
            </li>
          ))}
        </ul>
        {canEdit && (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {editing ? (
              <>
                <Button size="sm" onClick={onSave} loading={save.isPending}>
                  {asRevision ? 'Send revision' : 'Save weeks'}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setEditing(null)} disabled={save.isPending}>
                  Cancel
                </Button>
              </>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => setEditing(schedule.lines.map((l) => [...l.spots_per_week]))}>
                Edit weeks
              </Button>
            )}
            {message && (
              <p role="status" className="text-sm text-slate-700">
                {message}
              </p>
            )}
          </div>
        )}
        {save.error && (
          <div className="mt-3">
            <ErrorAlert>{save.error instanceof Error ? save.error.message : 'The weeks could not be saved'}</ErrorAlert>
          </div>
        )}
        <div className="mt-3">
          <Table caption="Spots per week of each line">
            <thead className="bg-slate-50">
              <tr>
                <Th className={compactHeader}>Week of</Th>
                {schedule.lines.map((line) => (
                  <Th key={line.id} className={`${compactHeader} text-right`}>
                    {line.name}
                  </Th>
                ))}
                <Th className={`${compactHeader} text-right`}>Spots</Th>
                <Th className={`${compactHeader} text-right`}>Gross</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {schedule.weeks.map((week, i) => (
                <tr key={week.start_date}>
                  <td className={`${compactCell} whitespace-nowrap`}>{formatDay(week.start_date)}</td>
                  {schedule.lines.map((line, l) => (
                    <td key={line.id} className={number}>
                      {editing ? (
                        <input
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={MAX_SPOTS_PER_WEEK}
                          step={1}
                          aria-label={`${line.name || `Line ${l + 1}`}, week of ${formatDay(week.start_date)}`}
                          // "Edit weeks" gives way to the fields: the first takes the focus it had.
                          autoFocus={l === 0 && i === 0}
                          value={editing[l]![i] ?? 0}
                          onChange={(e) => setCell(l, i, e.target.value)}
                          className="w-16 rounded border border-slate-300 px-1.5 py-0.5 text-right tabular-nums focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500"
                        />
                      ) : (
                        (line.spots_per_week[i] ?? 0)
                      )}
                    </td>
                  ))}
                  <td className={number}>{totals.weeks[i]!.spots}</td>
                  <td className={`${number} font-medium`}>{formatCurrency(toDollars(totals.weeks[i]!.grossCents))}</td>
                </tr>
              ))}
              <tr className="bg-slate-50 font-medium">
                <td className={compactCell}>Total</td>
                {schedule.lines.map((line, l) => (
                  <td key={line.id} className={number}>
                    {totals.lines[l]!.spots}
                  </td>
                ))}
                <td className={number}>{totals.spots}</td>
                <td className={number}>{formatCurrency(toDollars(totals.grossCents))}</td>
              </tr>
            </tbody>
          </Table>
        </div>
      </section>
    </Card>
  );
};

import { formatCurrency } from '../../../domain/format';
import { RATE_CARD } from '../../../domain/rate-card';

/** The daypart CPM rate card as the FAQ shows it. */
export const RateCardTable = () => (
  <div className="relative overflow-x-auto rounded-lg border border-slate-200" tabIndex={0} role="group" aria-label="Daypart CPM rates">
    <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
      <caption className="sr-only">Daypart CPM rates</caption>
      <thead className="bg-slate-50">
        <tr>
          <th scope="col" className="px-3 py-2 font-semibold text-slate-700">
            Daypart
          </th>
          <th scope="col" className="px-3 py-2 font-semibold text-slate-700">
            Hours
          </th>
          <th scope="col" className="px-3 py-2 text-right font-semibold text-slate-700">
            CPM
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {RATE_CARD.map((daypart) => (
          <tr key={daypart.name}>
            <th scope="row" className="px-3 py-2 font-medium text-slate-900">
              {daypart.name}
            </th>
            <td className="px-3 py-2 text-slate-600">{daypart.hours}</td>
            <td className="px-3 py-2 text-right tabular-nums text-slate-900">{formatCurrency(daypart.baseCpm)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

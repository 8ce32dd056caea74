import { formatCurrency } from '../../domain/format';

const compact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** Axis ticks: $1.2K, $3M. */
export const axisDollars = (value: number) => compact.format(value);
/** Tooltips: the full amount with cents. */
export const tooltipDollars = (value: unknown) => formatCurrency(Number(value));

/** An axis title (recharts `label`), in the charts' small grey type. */
export const axisTitle = (value: string, axis: 'x' | 'y' | 'y-right' = 'y') =>
  axis === 'x'
    ? { value, position: 'insideBottom' as const, offset: -4, style: { fontSize: 12, fill: '#475569' } }
    : {
        value,
        angle: axis === 'y' ? -90 : 90,
        position: axis === 'y' ? ('insideLeft' as const) : ('insideRight' as const),
        style: { fontSize: 12, fill: '#475569', textAnchor: 'middle' as const },
      };

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "Nov 16" for a day or week, "Nov 2026" for a month (YYYY-MM or YYYY-MM-01 with monthly). */
export const shortDate = (iso: string, monthly = false) => {
  const date = new Date(`${iso.length === 7 ? `${iso}-01` : iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : (monthly ? monthFormat : dayFormat).format(date);
};

import { isIsoDate } from '../../domain/dates';
import { formatCalendarDate } from '../../domain/display-dates';

/**
 * A date input's day as the app writes dates ("Dec 7, 2026", decision 021), or null when the
 * control is not a date input or holds no whole date. A native date input shows the browser's own
 * format (12/07/2026), so DateShown writes the app's under it, as the input's description.
 */
export const shownDate = (type: string | undefined, value: unknown): string | null =>
  type === 'date' && typeof value === 'string' && isIsoDate(value) ? formatCalendarDate(value) : null;

export const DateShown = ({ id, text }: { id: string; text: string | null }) =>
  text ? (
    <p id={id} className="mt-1 text-xs font-medium text-slate-700">
      {text}
    </p>
  ) : null;

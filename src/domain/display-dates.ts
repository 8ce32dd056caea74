/**
 * The one way the app writes a date for people (decision 017): 'Dec 7, 2026', and with the time
 * 'Dec 7, 2026, 4:23 PM'. Calendar dates ('YYYY-MM-DD': flights, due dates) are printed as they are;
 * instants (timestamps: uploads, payments, sign-ups) as the station's calendar day and clock, in its
 * time zone, whatever the viewer's own.
 */
const NONE = '—';
const calendarDay = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' (or a longer ISO string, of which the date part) as 'Dec 7, 2026'; '—' when missing or unreadable. */
export const formatCalendarDate = (isoDate: string | null | undefined): string => {
  if (!isoDate) return NONE;
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? NONE : calendarDay.format(date);
};

const instant = (timestamp: string | Date | null | undefined): Date | null => {
  if (!timestamp) return null;
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** An instant as the station's calendar day: 'Dec 7, 2026'. */
export const formatInstantDate = (timestamp: string | Date | null | undefined, timeZone: string): string => {
  const date = instant(timestamp);
  return date ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone }) : NONE;
};

/** An instant as the station's day and clock: 'Dec 7, 2026, 4:23 PM'. */
export const formatInstantDateTime = (timestamp: string | Date | null | undefined, timeZone: string): string => {
  const date = instant(timestamp);
  return date ? date.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }) : NONE;
};

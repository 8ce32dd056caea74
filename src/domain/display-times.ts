/** The one way the app writes a time of day for people: '05:00' → '5:00 AM', '23:30' → '11:30 PM' (the web and the PDFs alike). */

/** '05:00' → '5:00 AM'; '23:30' → '11:30 PM'. Anything unreadable is shown as given. */
export const formatTime = (time: string): string => {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${match[2]} ${suffix}`;
};

/** '6:00 AM – 9:00 AM'. */
export const formatTimeRange = (start: string, end: string): string => `${formatTime(start)} – ${formatTime(end)}`;

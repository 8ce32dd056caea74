const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** US dollars, exactly two decimals: 1234.5 → "$1,234.50". */
export const formatCurrency = (dollars: number): string => usd.format(Number.isFinite(dollars) ? dollars : 0);

/** Whole numbers with thousand separators. */
export const formatCount = (value: number): string => count.format(Number.isFinite(value) ? Math.round(value) : 0);

const pluralRules = new Intl.PluralRules('en-US');

/**
 * A count with its noun in the right number (Intl.PluralRules): (1, 'invoice') → "1 invoice",
 * (2, 'invoice') → "2 invoices", (1200, 'spot') → "1,200 spots". `many` when the plural is not noun + s.
 */
export const countOf = (n: number, one: string, many = `${one}s`): string => `${formatCount(n)} ${pluralRules.select(n) === 'one' ? one : many}`;

/**
 * A part of a total, the noun in the number of the total: (1, 1, 'spot') → "1 of 1 spot",
 * (3, 10, 'spot') → "3 of 10 spots" (the noun follows the number it stands next to).
 */
export const partOf = (part: number, total: number, one: string, many = `${one}s`): string => `${formatCount(part)} of ${countOf(total, one, many)}`;

const plural = (n: number, unit: string) => countOf(n, unit);

/** Days as weeks and days: 1 → "1 day", 17 → "2 weeks, 3 days". */
export const formatDays = (days: number): string => {
  const whole = Math.max(0, Math.floor(days));
  const weeks = Math.floor(whole / 7);
  const rest = whole % 7;
  if (weeks === 0) return plural(rest, 'day');
  if (rest === 0) return plural(weeks, 'week');
  return `${plural(weeks, 'week')}, ${plural(rest, 'day')}`;
};

/** Duration of `amount / divisor` weeks in weeks and days; 'N/A' when the divisor is missing or not positive. */
export const formatDurationFromRatio = (amount: number, divisor: number | null | undefined): string => {
  if (divisor == null || !(divisor > 0)) return 'N/A';
  return formatDays(Math.floor((amount / divisor) * 7));
};

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** File sizes base 1024: 1536 → "1.5 KB". */
export const formatBytes = (bytes: number): string => {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(2))} ${SIZE_UNITS[exponent]}`;
};

/** 'Just now', 'Nm ago', 'Nh ago', 'Nd ago'. */
export const formatRelativeTime = (at: Date | string, now: Date = new Date()): string => {
  const seconds = Math.floor((now.getTime() - new Date(at).getTime()) / 1000);
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
};

/** The media code: the first 8 characters of the id, uppercased. */
export const mediaCode = (id: string): string => id.slice(0, 8).toUpperCase();

/** The number a buyer quotes for an order (decision 031): like the media code, the first 8 characters of its id, uppercased. */
export const orderNumberOf = (id: string): string => id.slice(0, 8).toUpperCase();

/** A signed amount for documents whose fonts lack U+2212 (the PDF's Helvetica): an ASCII hyphen-minus. */
export const formatCredit = (dollars: number): string => `-${formatCurrency(Math.abs(dollars))}`;

/** Unread badge text: caps at '9+'. */
export const unreadBadge = (unread: number): string => (unread > 9 ? '9+' : String(unread));

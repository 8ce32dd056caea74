/** How the traffic screens show times, days, durations and statuses. */
import { formatCalendarDate } from '../../domain/display-dates';
import type { SpotStatus } from '../../domain/traffic';
import { productCategoryLabel } from '../../domain/product-categories';
import type { SeparationConflict } from '../../domain/traffic-schemas';
import { formatTime } from './order-form-display';

/** '23:00:15' → '11:00:15 PM'. */
export const formatAirTime = (localTime: string): string => {
  const [hm = '', seconds = '00'] = [localTime.slice(0, 5), localTime.slice(6, 8)];
  return formatTime(hm).replace(/ (AM|PM)$/, `:${seconds} $1`);
};

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });

/** '2026-12-07' → 'Mon, Dec 7, 2026': the app's date (a calendar date: no time zone shift) after its weekday. */
export const formatBroadcastDay = (date: string): string => `${weekday.format(new Date(`${date}T12:00:00Z`))}, ${formatCalendarDate(date)}`;

/** 30 → '0:30'; 90 → '1:30'. */
export const formatSpotLength = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export const SPOT_STATUS_LABELS: Record<SpotStatus, string> = {
  scheduled: 'Scheduled',
  aired: 'Aired',
  missed: 'Missed',
  made_good: 'Made good',
  cancelled: 'Cancelled',
  unconfirmed: 'Unconfirmed',
};

/** A spot's status as the screens say it: an airing the demo made up says "Simulated" (decision 031). */
/** The desk's action names the status it left (decision 058): "Preempted" (missed), "Moved" (cancelled here). */
const DESK_LABELS = { preempted: 'Preempted', moved: 'Moved', cancelled: 'Cancelled' } as const;

export const spotStatusLabel = (spot: { status: SpotStatus; simulated: boolean; desk_action?: keyof typeof DESK_LABELS | null }): string =>
  spot.simulated && spot.status === 'aired'
    ? 'Simulated'
    : spot.desk_action && (spot.status === 'missed' || spot.status === 'cancelled')
      ? DESK_LABELS[spot.desk_action]
      : SPOT_STATUS_LABELS[spot.status];

export const SPOT_STATUS_TONES: Record<SpotStatus, 'blue' | 'green' | 'red' | 'purple' | 'slate'> = {
  scheduled: 'blue',
  aired: 'green',
  missed: 'red',
  made_good: 'purple',
  cancelled: 'slate',
  unconfirmed: 'slate',
};

/** What a separation conflict names (decision 059): the other brand, and the category they share. */
export const separationConflictText = (conflict: SeparationConflict): string => {
  const category = productCategoryLabel(conflict.product_category);
  return `${conflict.brand_name ?? 'another brand'}${category ? ` (${category})` : ''}`;
};

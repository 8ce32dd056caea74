import { formatInstantDateTime } from '../shared/station-time';
import { formatCalendarDate } from '../../domain/display-dates';
import { DISPLAY_STATUS_LABELS, type DisplayStatus } from '../../domain/campaigns';

export type CampaignTab = 'all' | Extract<DisplayStatus, 'active' | 'scheduled' | 'completed' | 'paused'>;

/** The tabs of Campaign Performance, filtering by display status. */
export const CAMPAIGN_TABS: readonly { key: CampaignTab; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'active', label: 'Active' },
  { key: 'scheduled', label: 'Scheduled' },
  { key: 'completed', label: 'Completed' },
  { key: 'paused', label: 'Paused' },
];

export const DISPLAY_STATUS_TONES: Record<DisplayStatus, 'green' | 'blue' | 'slate' | 'amber' | 'red'> = {
  active: 'green',
  scheduled: 'blue',
  completed: 'slate',
  paused: 'amber',
  cancelled: 'red',
};

export const displayStatusLabel = (status: DisplayStatus): string => DISPLAY_STATUS_LABELS[status] ?? status;

const shortDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' as 'Jan 5, 2025' ('Jan 5' when short); '—' when there is none. */
export const formatCampaignDay = (isoDate: string | null | undefined, short = false): string => {
  if (!short) return formatCalendarDate(isoDate);
  if (!isoDate) return '—';
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? '—' : shortDayFormat.format(date);
};

/** An instant in the station's time zone: 'Nov 25, 2026, 4:23 AM'. */
export const formatTimestamp = (timestamp: string | null | undefined): string => formatInstantDateTime(timestamp);

/** A percentage with at most 2 decimals: 12.5 → '12.5%'. */
export const formatPercent = (value: number): string => `${Number.isFinite(value) ? Number.parseFloat(value.toFixed(2)) : 0}%`;

import { isAdmin, type Role } from '../../../domain/roles';
import { useAuth } from '../../shared/auth-context';

/**
 * The dashboard's words for whoever reads it: the station's (revenue) for admins, the advertiser's
 * own (spend, their campaigns) for clients. The admin's words are the specification's, unchanged.
 */
const STATION = {
  audience: 'station',
  totalMoney: 'Total Revenue',
  money: 'Revenue',
  trendTitle: 'Revenue Trend',
  trendEmpty: 'No booked revenue in the last 90 days yet.',
  funnelTitle: 'Order Conversion Funnel',
  daypartDescription: 'Booked revenue per daypart',
  brandsDescription: 'By booked revenue',
  forecastTitle: 'Revenue Forecast',
  forecastDescription: 'Weekly revenue and the trend of the next 4 weeks',
  forecastEmpty: 'A forecast appears once orders are booked.',
} as const;

const ADVERTISER = {
  audience: 'advertiser',
  totalMoney: 'Spend',
  money: 'Spend',
  trendTitle: 'Spend Trend',
  trendEmpty: 'No booked spend in the last 90 days yet.',
  funnelTitle: 'Your Orders by Status',
  daypartDescription: 'Your booked spend per daypart',
  brandsDescription: 'Your brands by booked spend',
  forecastTitle: 'Spend Forecast',
  forecastDescription: 'Your weekly spend and the trend of the next 4 weeks',
  forecastEmpty: 'A forecast appears once your orders are booked.',
} as const;

export type DashboardWords = typeof STATION | typeof ADVERTISER;

export const dashboardWords = (role: Role | undefined): DashboardWords => (isAdmin(role) ? STATION : ADVERTISER);

export const useDashboardWords = (): DashboardWords => dashboardWords(useAuth().user?.role);

import { Link } from 'react-router';
import { RATE_CARD } from '../../../domain/rate-card';
import { formatCurrency } from '../../../domain/format';
import { paths } from '../../config/paths';
import { buttonClasses } from '../../ui/button-styles';
import { ArrowRightIcon, CheckCircleIcon } from '../../ui/icons';
import { WatchDemoButton } from './watch-demo-button';

const lowestCpm = Math.min(...RATE_CARD.map((daypart) => daypart.baseCpm));

const PREVIEW_ROWS = RATE_CARD.slice(0, 4);

export const Hero = () => (
  <section className="bg-gradient-to-b from-white to-slate-50">
    <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
      <div>
        <p className="inline-flex items-center rounded-full bg-blue-50 px-3 py-1 text-sm font-medium text-blue-700 ring-1 ring-blue-200 ring-inset">
          TV advertising, ordered online
        </p>
        <h1 className="mt-5 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Book TV airtime in minutes, not weeks</h1>
        <p className="mt-5 text-lg text-slate-600">
          Spotbook lets advertisers order TV spots by daypart, upload their creative and follow every campaign, while traffic teams approve, schedule, reconcile
          and bill in one place.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={paths.login.href()} className={buttonClasses({ size: 'lg' })}>
            Get Started
            <ArrowRightIcon className="size-5" />
          </Link>
          <WatchDemoButton size="lg" />
        </div>
        <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
          {['Transparent CPM pricing', 'Admin-approved orders', 'Real-time campaign updates'].map((point) => (
            <li key={point} className="flex items-center gap-1.5">
              <CheckCircleIcon className="size-4 text-green-600" />
              {point}
            </li>
          ))}
        </ul>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-lg" aria-hidden="true">
        <p className="text-sm font-semibold text-slate-900">Rate card preview</p>
        <p className="text-xs text-slate-500">CPM from {formatCurrency(lowestCpm)}</p>
        <ul className="mt-4 space-y-3">
          {PREVIEW_ROWS.map((daypart) => (
            <li key={daypart.name} className="flex items-center justify-between rounded-lg bg-slate-50 px-4 py-3">
              <div>
                <p className="text-sm font-medium text-slate-900">{daypart.name}</p>
                <p className="text-xs text-slate-500">{daypart.hours}</p>
              </div>
              <span className="text-sm font-semibold text-blue-700">{formatCurrency(daypart.baseCpm)} CPM</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  </section>
);

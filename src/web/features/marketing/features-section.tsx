import type { ComponentType } from 'react';
import { BellIcon, ChartIcon, CheckCircleIcon, ClockIcon, FilmIcon, ReceiptIcon, type IconProps } from '../../ui/icons';

const FEATURES: readonly { title: string; text: string; Icon: ComponentType<IconProps> }[] = [
  {
    title: 'Daypart ordering',
    text: 'Pick time slots from a clear CPM rate card, set spots per day and a budget; the campaign length is worked out for you.',
    Icon: ClockIcon,
  },
  { title: 'Media management', text: 'Upload your video creative per brand, preview it and see when it is approved for air.', Icon: FilmIcon },
  {
    title: 'Approval workflow',
    text: 'Traffic administrators review every order and request changes or approve it before it is scheduled.',
    Icon: CheckCircleIcon,
  },
  { title: 'Real-time notifications', text: 'Hear the moment an order or a media file is approved, rejected or needs changes.', Icon: BellIcon },
  { title: 'Campaign analytics', text: 'Follow impressions, spend and CPM for every campaign on a live dashboard.', Icon: ChartIcon },
  { title: 'Reconciliation and billing', text: 'Compare actual against projected delivery, invoice customers and record payments.', Icon: ReceiptIcon },
];

export const FeaturesSection = () => (
  <section id="features" aria-labelledby="features-heading" className="scroll-mt-16 py-16 sm:py-20">
    <div className="mx-auto max-w-6xl px-4 sm:px-6">
      <div className="max-w-2xl">
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          Everything a TV campaign needs
        </h2>
        <p className="mt-3 text-slate-600">From the first order to the final invoice, for advertisers and traffic teams alike.</p>
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ title, text, Icon }) => (
          <li key={title} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex size-10 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
              <Icon />
            </div>
            <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </div>
  </section>
);

import { Link } from 'react-router';
import { useBrands } from '../../api/brands';
import { useEstimates } from '../../api/estimates';
import { useMediaList } from '../../api/media';
import { paths } from '../../config/paths';
import { Card } from '../../ui/card';
import { ArrowRightIcon, CheckCircleIcon } from '../../ui/icons';

export interface FirstStepsState {
  /** Still loading: nothing is decided yet. */
  loading: boolean;
  hasBrand: boolean;
  hasMedia: boolean;
  /** An order sent for review (a draft does not count). */
  hasSubmittedOrder: boolean;
}

/** What a new advertiser has done so far; the checklist shows until an order has been submitted. */
export const useFirstSteps = (enabled: boolean): FirstStepsState => {
  const brands = useBrands();
  const media = useMediaList();
  const orders = useEstimates();
  if (!enabled) return { loading: false, hasBrand: true, hasMedia: true, hasSubmittedOrder: true };
  return {
    loading: brands.isPending || media.isPending || orders.isPending,
    hasBrand: (brands.data?.length ?? 0) > 0,
    hasMedia: (media.data?.length ?? 0) > 0,
    hasSubmittedOrder: (orders.data ?? []).some((order) => order.status !== 'draft'),
  };
};

const STEPS = [
  { key: 'hasBrand', title: 'Add a brand', text: 'The brand your spots advertise.', href: paths.app.brands.href(), action: 'Go to Brands' },
  {
    key: 'hasMedia',
    title: 'Upload a spot',
    text: 'A video for the brand (MP4, MXF, MOV or MPG, under 2 GB).',
    href: paths.app.media.href(),
    action: 'Go to Media',
  },
  {
    key: 'hasSubmittedOrder',
    title: 'Build an order',
    text: 'Choose time slots, a budget and a start date, then submit it for review.',
    href: paths.app.orders.href(),
    action: 'Go to Orders',
  },
] as const;

/** A new advertiser's first steps, each ticked when done and linking to its screen, instead of empty charts. */
export const FirstSteps = ({ state }: { state: FirstStepsState }) => {
  const done = STEPS.filter((step) => state[step.key]).length;
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Get your first spot on air</h2>
      <p className="mt-1 text-sm text-slate-600">
        {done} of {STEPS.length} steps done. Your spend, impressions and campaigns appear here once an order is submitted.
      </p>
      <ol className="mt-5 space-y-3" aria-label="First steps">
        {STEPS.map((step, index) => {
          const complete = state[step.key];
          return (
            <li
              key={step.key}
              className={`flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center ${complete ? 'border-green-200 bg-green-50' : 'border-slate-200'}`}
            >
              <span
                className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${complete ? 'bg-green-600 text-white' : 'bg-slate-100 text-slate-700'}`}
                aria-hidden="true"
              >
                {complete ? <CheckCircleIcon className="size-5" /> : index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {step.title}
                  <span className="sr-only">{complete ? ' (done)' : ' (to do)'}</span>
                </p>
                <p className="text-sm text-slate-600">{step.text}</p>
              </div>
              {complete ? (
                <span className="text-sm font-medium text-green-700">Done</span>
              ) : (
                <Link to={step.href} className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline">
                  {step.action} <ArrowRightIcon className="size-4" />
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
};

import type { ReactNode } from 'react';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';

interface ChartCardProps {
  title: string;
  description?: string;
  loading: boolean;
  error: boolean;
  /** Nothing to draw yet: the text says why. */
  empty?: string | null;
  children: ReactNode;
  className?: string;
}

/** One dashboard panel: its title, and its chart, or a spinner, an error or an empty state instead. */
export const ChartCard = ({ title, description, loading, error, empty, children, className = '' }: ChartCardProps) => (
  <Card className={`flex min-w-0 flex-col p-4 sm:p-5 ${className}`}>
    <div className="mb-4">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {description && <p className="text-sm text-slate-500">{description}</p>}
    </div>
    <div className="flex min-h-64 flex-1 flex-col">
      {loading ? (
        <div className="flex flex-1 items-center justify-center text-slate-500">
          <Spinner className="size-6" label={`Loading ${title}`} />
        </div>
      ) : error ? (
        <p className="flex flex-1 items-center justify-center text-sm text-red-600">Could not load this chart. Try Refresh.</p>
      ) : empty ? (
        <p className="flex flex-1 items-center justify-center px-6 text-center text-sm text-slate-500">{empty}</p>
      ) : (
        children
      )}
    </div>
  </Card>
);

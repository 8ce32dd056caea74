import { useEffect, useRef, type ReactNode } from 'react';
import { Card } from './card';
import { Spinner } from './spinner';

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

/**
 * The chart's keyboard stop (recharts' accessibility layer: a focusable svg, role application) is
 * named after its card, so a screen reader says what it reaches (issue 29, item 22). The svg is drawn
 * once its container has a size, hence the observer.
 */
const useLabelledChartStops = (title: string) => {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const label = () => {
      for (const svg of root.querySelectorAll('svg.recharts-surface[tabindex]')) {
        if (svg.getAttribute('aria-label') !== `${title} chart`) svg.setAttribute('aria-label', `${title} chart`);
      }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [title]);
  return ref;
};

/** One dashboard panel: its title, and its chart, or a spinner, an error or an empty state instead. */
export const ChartCard = ({ title, description, loading, error, empty, children, className = '' }: ChartCardProps) => {
  const ref = useLabelledChartStops(title);
  return (
    <Card className={`flex min-w-0 flex-col p-4 sm:p-5 ${className}`}>
      <div className="mb-4">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {description && <p className="text-sm text-slate-500">{description}</p>}
      </div>
      <div ref={ref} className="flex min-h-64 flex-1 flex-col">
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
};

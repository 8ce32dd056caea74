import { useId, type ReactNode } from 'react';
import { Card } from '../../ui/card';

interface SectionProps {
  title: string;
  description?: ReactNode;
  /** Outlined in red when the current problem is about this section. */
  invalid?: boolean;
  actions?: ReactNode;
  /** Names the section for the problem summary's links (data-order-section). */
  anchor?: string;
  children: ReactNode;
}

/** One titled part of the order page, a landmark named by its heading. */
export const Section = ({ title, description, invalid = false, actions, anchor, children }: SectionProps) => {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-order-section={anchor} tabIndex={anchor ? -1 : undefined} className="scroll-mt-24 focus:outline-none">
      <Card className={`p-5 ${invalid ? 'border-red-300 ring-2 ring-red-100' : ''}`}>
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
          </div>
          {actions}
        </div>
        {children}
      </Card>
    </section>
  );
};

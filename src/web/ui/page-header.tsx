import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The page's h1 (also the browser tab title) with optional actions on the right. */
export const PageHeader = ({ title, description, actions }: PageHeaderProps) => (
  // The actions wrap below the title when the two do not fit side by side (a tablet beside the sidebar).
  <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
    <title>{`${title} · Spotbook`}</title>
    <div className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
    </div>
    {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
  </div>
);

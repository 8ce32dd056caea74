import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'error';
}

export const EmptyState = ({ title, description, icon, action, tone = 'neutral' }: EmptyStateProps) => (
  <div className="flex flex-col items-center px-6 py-12 text-center">
    {icon && (
      <div
        className={`mb-4 flex size-12 items-center justify-center rounded-full ${tone === 'error' ? 'bg-red-50 text-red-600' : 'bg-slate-100 text-slate-500'}`}
      >
        {icon}
      </div>
    )}
    <p className={`text-base font-semibold ${tone === 'error' ? 'text-red-700' : 'text-slate-900'}`}>{title}</p>
    {description && <div className="mt-1 max-w-md text-sm text-slate-500">{description}</div>}
    {action && <div className="mt-5">{action}</div>}
  </div>
);

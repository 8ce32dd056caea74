import type { ReactNode } from 'react';

export const Card = ({ children, className = '' }: { children: ReactNode; className?: string }) => (
  <div className={`rounded-lg border border-slate-200 bg-white shadow-sm ${className}`}>{children}</div>
);

/** A small figure card: label over a large number. */
export const StatCard = ({ label, value, icon }: { label: string; value: ReactNode; icon?: ReactNode }) => (
  <Card className="flex items-center gap-4 p-3 sm:p-4">
    {icon && <div className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600 sm:flex">{icon}</div>}
    <div className="min-w-0">
      <p className="truncate text-xs text-slate-500 sm:text-sm">{label}</p>
      <p className="text-xl font-semibold text-slate-900 sm:text-2xl">{value}</p>
    </div>
  </Card>
);

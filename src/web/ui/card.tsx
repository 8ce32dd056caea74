import type { ReactNode } from 'react';

export const Card = ({ children, className = '' }: { children: ReactNode; className?: string }) => (
  <div className={`rounded-lg border border-slate-200 bg-white shadow-sm ${className}`}>{children}</div>
);

/**
 * A small figure card: label over a large number. It sizes itself to its own width (a container
 * query), not the window's: three cards beside the sidebar on a tablet are narrower than on a phone.
 */
/** A figure with its label and, when `note` is given, what it counts (a period, a scope). */
export const StatCard = ({ label, value, icon, note }: { label: string; value: ReactNode; icon?: ReactNode; note?: string }) => (
  <Card className="@container">
    <div className="flex items-center gap-4 p-3 @min-[13rem]:p-4">
      {icon && <div className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600 @min-[14rem]:flex">{icon}</div>}
      <div className="min-w-0">
        <p className="truncate text-xs text-slate-500 @min-[13rem]:text-sm">{label}</p>
        <p className="text-lg font-semibold text-slate-900 @min-[9rem]:text-xl @min-[14rem]:text-2xl">{value}</p>
        {note && <p className="text-xs text-slate-500">{note}</p>}
      </div>
    </div>
  </Card>
);

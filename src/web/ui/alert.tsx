import type { ReactNode } from 'react';
import { AlertIcon } from './icons';

/** The red box that carries a form's failure; announced as an alert. */
export const ErrorAlert = ({ children }: { children: ReactNode }) => (
  <div role="alert" className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700">
    <AlertIcon className="mt-0.5 size-4 shrink-0" />
    <div>{children}</div>
  </div>
);

export const InfoNote = ({ children, icon }: { children: ReactNode; icon?: ReactNode }) => (
  <div className="flex gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-800">
    {icon}
    <div>{children}</div>
  </div>
);
